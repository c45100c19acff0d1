const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export type Progress = { step: (text: string) => void; done: (text: string) => void; fail: (text: string) => void };

/** Start-up progress on stderr: a spinner with the current step on a terminal, plain lines otherwise. */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let current = '';
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;

  const render = () => {
    stream.clearLine(0);
    stream.cursorTo(0);
    stream.write(`${frames[frame % frames.length]} ${current} (${elapsed()})`);
    frame += 1;
  };
  const clear = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (stream.isTTY) {
      stream.clearLine(0);
      stream.cursorTo(0);
    }
  };

  return {
    step: (text) => {
      current = text;
      if (!stream.isTTY) {
        stream.write(`… ${text}\n`);
        return;
      }
      timer ??= setInterval(render, 80);
      render();
    },
    done: (text) => {
      clear();
      stream.write(`✔ ${text} (${elapsed()})\n`);
    },
    fail: (text) => {
      clear();
      stream.write(`✖ ${text}\n`);
    },
  };
}

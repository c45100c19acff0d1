const steps = ['Account', 'Contact', 'About you'];

export function SignUpSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="mb-6 flex gap-2 text-xs font-medium" aria-label="Sign-up steps">
      {steps.map((step, index) => (
        <li
          key={step}
          aria-current={index + 1 === current ? 'step' : undefined}
          className={`flex-1 rounded-full px-3 py-1.5 text-center ${index + 1 <= current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {index + 1}. {step}
        </li>
      ))}
    </ol>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfigQuery } from '../../lib/client-config';

type CrispWindow = Window & { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };

/** Loads the live-chat widget when the server has a widget id configured, and only then. */
export function useChatWidget() {
  const widgetId = useQuery(clientConfigQuery).data?.chat_widget_id;

  useEffect(() => {
    if (!widgetId || document.getElementById('chat-widget')) return;
    const crisp = window as CrispWindow;
    crisp.$crisp = [];
    crisp.CRISP_WEBSITE_ID = widgetId;
    const script = document.createElement('script');
    script.id = 'chat-widget';
    script.src = 'https://client.crisp.chat/l.js';
    script.async = true;
    document.head.appendChild(script);
  }, [widgetId]);
}

'use client';

import { useEffect } from 'react';

export const tagManagerOrigin = 'https://www.googletagmanager.com';
const scriptId = 'tag-manager-script';

/**
 * R1.6: the analytics tag manager. Render it inside ConsentGate: it loads only after analytics consent.
 * It starts the data layer the product events go to (window.dataLayer) and adds the container's script
 * once per page load. Cross-domain linking (_gl) is configured in the container, not here.
 */
export function TagManager({ containerId }: { containerId: string }) {
  useEffect(() => {
    if (document.getElementById(scriptId)) return;
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = scriptId;
    script.async = true;
    script.src = `${tagManagerOrigin}/gtm.js?id=${encodeURIComponent(containerId)}`;
    document.head.appendChild(script);
  }, [containerId]);
  return null;
}

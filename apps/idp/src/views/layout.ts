import { hash } from 'node:crypto';
import { STYLES } from './styles.ts';

export interface Page {
  status: number;
  html: string;
  headers: Record<string, string>;
}

export interface LayoutOptions {
  brandName: string;
  /** What the page is for; the document title is "<brand> – <title>". */
  title: string;
  /** Prefixes the title with "Error: " so screen-reader users hear it first. */
  hasErrors?: boolean;
  /** The content of <main>, already escaped; it holds the page's one h1. */
  main: string;
  /** Inline scripts, allowed by their hashes and nothing else. */
  scripts?: string[];
  /** Where forms may post to: the portal too, because a sign-in form's redirects end there. */
  portalUrl: string;
  status?: number;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function sourceHash(source: string): string {
  return `'sha256-${hash('sha256', source, 'base64')}'`;
}

const STYLE_HASH = sourceHash(STYLES);

/**
 * A page that comes back with errors moves focus to its summary, so keyboard and screen-reader users start
 * from the list of problems (each a link to its field) rather than from the top of the page.
 */
export const FOCUS_ERROR_SUMMARY_SCRIPT =
  "(function () { var summary = document.querySelector('.error-summary'); if (summary) summary.focus(); })();";

export function renderPage(options: LayoutOptions): Page {
  const scripts = [...(options.scripts ?? []), ...(options.hasErrors ? [FOCUS_ERROR_SUMMARY_SCRIPT] : [])];
  const title = `${options.hasErrors ? 'Error: ' : ''}${options.brandName} – ${options.title}`;
  const html = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLES}</style>
</head>
<body>
<header class="banner"><p>${escapeHtml(options.brandName)}</p></header>
<main id="main">
${options.main}
</main>
${scripts.map((script) => `<script>${script}</script>`).join('\n')}
</body>
</html>
`;
  return { status: options.status ?? 200, html, headers: pageHeaders(options.portalUrl, scripts) };
}

function pageHeaders(portalUrl: string, scripts: string[]): Record<string, string> {
  const scriptSrc = scripts.length ? scripts.map(sourceHash).join(' ') : "'none'";
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `script-src ${scriptSrc}`,
    "img-src 'self' data:",
    `form-action 'self' ${new URL(portalUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * The pages' only stylesheet, inlined and allowed by its hash in the Content-Security-Policy. Colours meet
 * WCAG AA: brand red #C8102E on white and white on it (5.9:1), text #1f1f1f, hints #4a4a4a, met rules
 * #1e7b34.
 */
export const STYLES = [
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1f1f1f;background:#f4f4f4}',
  '.banner{background:#C8102E;color:#fff;padding:.75rem 1rem}',
  '.banner p{margin:0 auto;max-width:28rem;font-weight:700;font-size:1.25rem}',
  'main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:8px}',
  'h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}',
  'label{display:block;font-weight:600;margin-top:1.25rem}',
  'input{display:block;width:100%;padding:.625rem;font:inherit;color:#1f1f1f;background:#fff;border:2px solid #5f5f5f;border-radius:4px;margin-top:.25rem}',
  'input[aria-invalid=true]{border-color:#C8102E;border-width:3px}',
  '.hint{color:#4a4a4a;margin:.25rem 0 0}',
  '.field-error{color:#C8102E;font-weight:600;margin:.25rem 0 0}',
  '.button{display:block;width:100%;margin-top:1.5rem;padding:.75rem 1rem;font:inherit;font-weight:700;color:#fff;background:#C8102E;border:2px solid #C8102E;border-radius:4px;cursor:pointer;text-align:center;text-decoration:none}',
  '.button:hover{background:#a00d25;border-color:#a00d25}',
  'a{color:#a00d25;text-decoration:underline;text-underline-offset:2px}',
  ':focus-visible{outline:3px solid #1f1f1f;outline-offset:3px}',
  '.error-summary{border:3px solid #C8102E;border-radius:4px;padding:1rem;margin-bottom:1rem}',
  '.error-summary h2{font-size:1.125rem;margin:0 0 .5rem}',
  '.error-summary ul{margin:0;padding-left:1.25rem}',
  '.rules{list-style:none;padding:0;margin:.5rem 0 0}',
  '.rules li{color:#4a4a4a}',
  '.rules li[data-met=true]{color:#1e7b34}',
  '.rule-icon{display:inline-block;width:1.25rem;font-weight:700}',
  '.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;white-space:nowrap!important;border:0!important}',
  '.alternative{margin-top:1.5rem}',
].join('\n');

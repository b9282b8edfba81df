import { escapeHtml, renderPage, type Page } from './layout.ts';

export interface FormError {
  /** The id of the field the message is about (the summary links to it). */
  field: string;
  message: string;
  /** Shown only in the summary, not under the field (e.g. "wrong e-mail or password"). */
  summaryOnly?: boolean;
  /** An id for the summary's link, so fields can point at the message with aria-describedby. */
  id?: string;
}

/** What a page of a form is drawn from: the brand, and how the last submission went. */
export interface FormPageView {
  brandName: string;
  portalUrl: string;
  errors?: FormError[];
  /** The answer's status: 200 unless told (a refused form is still answered 200, or 429). */
  status?: number;
}

/**
 * A page of a form: a submission that came back with errors puts "Error: " before its title and focus on
 * its summary (renderPage's hasErrors).
 */
export function renderFormPage(view: FormPageView, title: string, main: string, scripts?: string[]): Page {
  return renderPage({
    brandName: view.brandName,
    portalUrl: view.portalUrl,
    title,
    hasErrors: (view.errors ?? []).length > 0,
    main,
    scripts,
    status: view.status,
  });
}

/** GOV.UK-style summary: announced on load, each message a link to its field. */
export function errorSummary(errors: FormError[], extraHtml = ''): string {
  if (!errors.length) return '';
  const items = errors
    .map((e) => `<li><a ${e.id ? `id="${e.id}" ` : ''}href="#${e.field}">${escapeHtml(e.message)}</a></li>`)
    .join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>${extraHtml}
</div>`;
}

export interface InputOptions {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: 'email' | 'current-password' | 'new-password' | 'one-time-code';
  /** The on-screen keyboard to offer (a code: digits). */
  inputMode?: 'numeric';
  value?: string;
  errors: FormError[];
  /** Ids of hints or other text that describes the field, read after its error. */
  describedBy?: string[];
  /** Ids of form-level messages that concern this field too. */
  alsoInvalidBy?: string[];
  /** HTML placed between the input's label and the input (hints, checklists). */
  before?: string;
}

export function inputField(options: InputOptions): string {
  const error = options.errors.find((e) => e.field === options.id && !e.summaryOnly);
  const errorId = `${options.id}-error`;
  const describedBy = [
    ...(error ? [errorId] : []),
    ...(options.alsoInvalidBy ?? []),
    ...(options.describedBy ?? []),
  ];
  const invalid = Boolean(error) || Boolean(options.alsoInvalidBy?.length);
  const attributes = [
    `id="${options.id}"`,
    `name="${options.id}"`,
    `type="${options.type}"`,
    `autocomplete="${options.autocomplete}"`,
    options.type === 'email' ? 'spellcheck="false" autocapitalize="none"' : '',
    options.inputMode ? `inputmode="${options.inputMode}" spellcheck="false"` : '',
    options.value ? `value="${escapeHtml(options.value)}"` : '',
    describedBy.length ? `aria-describedby="${describedBy.join(' ')}"` : '',
    invalid ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  return `<div class="field">
<label for="${options.id}">${escapeHtml(options.label)}</label>
${options.before ?? ''}${error ? `<p class="field-error" id="${errorId}"><span class="visually-hidden">Error: </span>${escapeHtml(error.message)}</p>` : ''}
<input ${attributes.join(' ')}>
</div>`;
}

export function hiddenField(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

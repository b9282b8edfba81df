'use client';

import { useMemo, useState } from 'react';
import { TextField } from '@/shared/forms/text-field';
import { visibleFieldError } from '@/shared/forms/field-rules';
import { cx } from '@/shared/ui/cx';
import { IconButton } from '@/shared/ui/icon-button';
import { ArrowDropDownIcon, CloseIcon } from '@/shared/ui/icons';
import surface from '@/shared/ui/surface.module.css';
import styles from './autocomplete-field.module.css';
import { labelOverhangPx, useListAbove } from './autocomplete-list-placement';
import { createOptionMatcher, type OptionMatches } from './option-matching';
import { useCombobox } from './use-combobox';

export interface AutocompleteFieldProps<T> {
  label: string;
  name?: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  getOptionLabel: (option: T) => string;
  /**
   * Other names of an option (a breed's synonyms). Given, the typed text matches labels and these in the
   * lists' matching form (option-matching.ts), and an option only a synonym matched names it. Define it
   * and getOptionLabel once (not inline), or the options are keyed again on each render.
   */
  getOptionSynonyms?: (option: T) => readonly string[] | undefined;
  isOptionEqualToValue?: (option: T, value: T) => boolean;
  /** R2.24: 'No options' unless given (the address lookup says 'No addresses found', R8.6). */
  noOptionsText?: string;
  helperText?: string;
  errorText?: string;
  /** Controlled touched state (from useZodForm); otherwise the field tracks its own blur. */
  touched?: boolean;
  required?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** For server-side lookups: the typed text. */
  onInputChange?: (text: string) => void;
}

/**
 * R2.24: a labelled dropdown with typed filtering; the error (or helper) text shows under the field once
 * touched; the listbox is at most 40vh high. The portal's own combobox (use-combobox.ts: the keyboard,
 * filtering and ARIA of the WAI-ARIA combobox pattern, decision 0150) drawn by the portal (decision 0050),
 * with its list placed in the page's flow, under the input or above it when it fits better there
 * (autocomplete-list-placement.ts), where MUI's Autocomplete adds a Popper (Popper.js) to float it
 * (decision 0038).
 */
export function AutocompleteField<T>(props: AutocompleteFieldProps<T>) {
  const [ownTouched, setOwnTouched] = useState(false);
  const touched = props.touched ?? ownTouched;
  const error = visibleFieldError({ error: props.errorText, touched, value: props.value });
  const message = touched ? (error ?? props.helperText) : undefined;
  const { options, getOptionLabel, getOptionSynonyms } = props;
  // Keyed once per list, not per keystroke: a caller with synonyms passes accessors defined once.
  const matcher = useMemo(
    () => getOptionSynonyms && createOptionMatcher(options, getOptionLabel, getOptionSynonyms),
    [options, getOptionLabel, getOptionSynonyms],
  );
  // What this render's list was filtered to, for the synonym shown beside an option.
  let shown: OptionMatches<T> | undefined;
  const combobox = useCombobox<T>({
    options: props.options,
    value: props.value,
    onChange: props.onChange,
    onInputChange: props.onInputChange,
    getOptionLabel: props.getOptionLabel,
    filterOptions: matcher
      ? (_options, text) => {
          shown = matcher.match(text);
          return shown.options;
        }
      : undefined,
    isOptionEqualToValue: props.isOptionEqualToValue,
    disabled: props.disabled,
  });
  const { popupOpen, shownOptions, anchorEl } = combobox;
  const hasClearIcon = combobox.dirty && !props.disabled;
  const { onBlur: comboboxBlur, ...inputProps } = combobox.inputProps;

  const [paper, setPaper] = useState<HTMLDivElement | null>(null);
  const above = useListAbove(popupOpen, anchorEl, paper);
  const list = popupOpen && (
    <div className={styles.listAnchor}>
      <div
        ref={setPaper}
        className={cx(surface.raised, styles.paper)}
        role="presentation"
        // Above: its bottom edge just over the input's floating label (this box sits at the input's
        // bottom edge), so the field still says what it is.
        style={
          above && anchorEl ? { top: 'auto', bottom: anchorEl.offsetHeight + labelOverhangPx } : undefined
        }
      >
        <div className={styles.status} role="status" aria-live="polite" aria-atomic="true">
          {props.loading && shownOptions.length === 0 && <div className={styles.loading}>Loading…</div>}
          {shownOptions.length === 0 && !props.loading && (
            <div className={styles.noOptions} onMouseDown={(event) => event.preventDefault()}>
              {props.noOptionsText ?? 'No options'}
            </div>
          )}
        </div>
        {shownOptions.length > 0 && (
          <ul className={styles.listbox} {...combobox.listboxProps}>
            {shownOptions.map((option, index) => {
              const synonym = shown?.synonyms.get(option);
              const highlighted = combobox.isHighlighted(index);
              // One text, so the option's accessible name says why it is offered: "German Shepherd Dog
              // (Alsatian)".
              return (
                <li
                  key={index}
                  className={cx(
                    styles.option,
                    highlighted && styles.highlighted,
                    highlighted && combobox.highlightedByKeyboard && styles.keyboardHighlighted,
                  )}
                  {...combobox.optionProps(option, index)}
                >
                  {synonym ? `${props.getOptionLabel(option)} (${synonym})` : props.getOptionLabel(option)}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );

  return (
    <div
      {...combobox.rootProps}
      className={cx(styles.root, combobox.focused && styles.focused, hasClearIcon && styles.hasClearIcon)}
    >
      <TextField
        id={combobox.id}
        name={props.name}
        label={props.label}
        required={props.required}
        disabled={props.disabled}
        error={error !== undefined}
        helperText={message}
        fullWidth
        afterInput={list}
        inputRootRef={combobox.setAnchorEl}
        inputRootClassName={styles.inputRoot}
        endAdornment={
          <div className={styles.endAdornment}>
            {hasClearIcon && (
              <IconButton
                tabIndex={-1}
                onClick={combobox.clear}
                className={styles.clearIndicator}
                aria-label="Clear"
                title="Clear"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
            <IconButton
              tabIndex={-1}
              onClick={combobox.toggle}
              className={cx(styles.popupIndicator, popupOpen && styles.popupIndicatorOpen)}
              disabled={props.disabled}
              aria-label={popupOpen ? 'Close' : 'Open'}
              title={popupOpen ? 'Close' : 'Open'}
            >
              <ArrowDropDownIcon />
            </IconButton>
          </div>
        }
        inputProps={{
          ...inputProps,
          className: styles.input,
          onBlur: () => {
            comboboxBlur();
            setOwnTouched(true);
            props.onBlur?.();
          },
        }}
      />
    </div>
  );
}

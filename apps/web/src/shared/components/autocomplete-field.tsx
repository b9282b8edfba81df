'use client';

import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import useAutocomplete from '@mui/material/useAutocomplete';
import { useLayoutEffect, useState } from 'react';
import { TextField } from '@/shared/forms/text-field';
import { visibleFieldError } from '@/shared/forms/field-rules';

export interface AutocompleteFieldProps<T> {
  label: string;
  name?: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  getOptionLabel: (option: T) => string;
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

/** MUI's Autocomplete class names, so the field looks and reads as MUI's own (the theme knows them). */
const classes = {
  root: 'MuiAutocomplete-root',
  hasClearIcon: 'MuiAutocomplete-hasClearIcon',
  inputRoot: 'MuiAutocomplete-inputRoot',
  input: 'MuiAutocomplete-input',
  endAdornment: 'MuiAutocomplete-endAdornment',
  clearIndicator: 'MuiAutocomplete-clearIndicator',
  popupIndicator: 'MuiAutocomplete-popupIndicator',
  popupIndicatorOpen: 'MuiAutocomplete-popupIndicatorOpen',
  paper: 'MuiAutocomplete-paper',
  status: 'MuiAutocomplete-status',
  loading: 'MuiAutocomplete-loading',
  noOptions: 'MuiAutocomplete-noOptions',
  listbox: 'MuiAutocomplete-listbox',
  option: 'MuiAutocomplete-option',
} as const;

/** MUI Autocomplete's own layout: the input's padding, the clear and open buttons, the list's rows. */
const Root = styled('div')(({ theme }) => ({
  width: '100%',
  [`&.Mui-focused .${classes.clearIndicator}`]: { visibility: 'visible' },
  '@media (pointer: fine)': { [`&:hover .${classes.clearIndicator}`]: { visibility: 'visible' } },
  [`& .${classes.inputRoot}`]: {
    flexWrap: 'wrap',
    padding: 9,
    paddingRight: 26 + 4 + 9,
    [`.${classes.hasClearIcon} &`]: { paddingRight: 52 + 4 + 9 },
  },
  [`& .${classes.input}`]: { flexGrow: 1, textOverflow: 'ellipsis', padding: '7.5px 4px 7.5px 5px' },
  [`& .${classes.endAdornment}`]: {
    position: 'absolute',
    right: 9,
    top: '50%',
    transform: 'translate(0, -50%)',
  },
  [`& .${classes.clearIndicator}`]: { marginRight: -2, padding: 4, visibility: 'hidden' },
  [`& .${classes.popupIndicator}`]: { padding: 2, marginRight: -2 },
  [`& .${classes.popupIndicatorOpen}`]: { transform: 'rotate(180deg)' },
  [`& .${classes.paper}`]: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    zIndex: theme.zIndex.modal,
    overflow: 'auto',
  },
  [`& .${classes.loading}, & .${classes.noOptions}`]: {
    color: theme.palette.text.secondary,
    padding: '14px 16px',
  },
  [`& .${classes.listbox}`]: {
    listStyle: 'none',
    margin: 0,
    padding: '8px 0',
    maxHeight: '40vh',
    overflow: 'auto',
    position: 'relative',
  },
  [`& .${classes.option}`]: {
    minHeight: 48,
    display: 'flex',
    overflow: 'hidden',
    justifyContent: 'flex-start',
    alignItems: 'center',
    cursor: 'pointer',
    padding: '6px 16px',
    boxSizing: 'border-box',
    outline: '0',
    WebkitTapHighlightColor: 'transparent',
    [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
    '&.Mui-focused': {
      backgroundColor: theme.palette.action.hover,
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    // Options are plain <li>s: the keyboard's current option gets the portal's ring, inset so the
    // scrolling list does not clip it.
    '&.Mui-focusVisible': { ...theme.focusVisible, outlineOffset: '-2px' },
    '&[aria-disabled="true"]': { opacity: theme.palette.action.disabledOpacity, pointerEvents: 'none' },
    '&[aria-selected="true"]': {
      backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
      '&.Mui-focused': {
        backgroundColor: theme.alpha(
          theme.palette.primary.main,
          theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
        ),
      },
    },
  },
}));

/** How far an outlined field's label rises above the input's top edge (half its 0.75rem line, rounded up). */
const labelOverhangPx = 10;

/**
 * Whether the open list goes above the input rather than under it: when it does not fit between the
 * input and the bottom of what the person can see (on a phone, the keyboard's top edge: the visual
 * viewport) and there is more room above, as MUI's Popper flips it. Measured on opening and again when
 * the visible area changes (the keyboard opens, the page scrolls).
 */
function useListAbove(open: boolean, anchor: HTMLElement | null, list: HTMLElement | null): boolean {
  const [above, setAbove] = useState(false);
  useLayoutEffect(() => {
    if (!open || !anchor || !list) return;
    const viewport = window.visualViewport;
    const place = () => {
      const { top, bottom } = anchor.getBoundingClientRect();
      const visibleTop = viewport?.offsetTop ?? 0;
      const visibleBottom = visibleTop + (viewport?.height ?? window.innerHeight);
      const roomBelow = visibleBottom - bottom;
      const roomAbove = top - visibleTop;
      setAbove(list.offsetHeight > roomBelow && roomAbove > roomBelow);
    };
    place();
    viewport?.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      viewport?.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [open, anchor, list]);
  return open && above;
}

/**
 * R2.24: a labelled dropdown with typed filtering; the error (or helper) text shows under the field once
 * touched; the listbox is at most 40vh high. MUI's useAutocomplete (the combobox's keyboard, filtering
 * and ARIA) with its list placed under the input in the page's flow, where MUI's Autocomplete adds a
 * Popper (Popper.js, about 12 kB compressed with the component) to float it (decision 0038).
 */
export function AutocompleteField<T>(props: AutocompleteFieldProps<T>) {
  const [ownTouched, setOwnTouched] = useState(false);
  const touched = props.touched ?? ownTouched;
  const error = visibleFieldError({ error: props.errorText, touched, value: props.value });
  const message = touched ? (error ?? props.helperText) : undefined;
  const {
    getRootProps,
    getInputLabelProps,
    getInputProps,
    getClearProps,
    getPopupIndicatorProps,
    getListboxProps,
    getOptionProps,
    groupedOptions,
    popupOpen,
    focused,
    dirty,
    anchorEl,
    setAnchorEl,
    id,
  } = useAutocomplete<T, false, false, false>({
    options: props.options,
    value: props.value,
    onChange: (_event, next) => props.onChange(next),
    onInputChange: props.onInputChange ? (_event, text) => props.onInputChange?.(text) : undefined,
    getOptionLabel: props.getOptionLabel,
    isOptionEqualToValue: props.isOptionEqualToValue,
    disabled: props.disabled,
    componentName: 'AutocompleteField',
  });
  const options = groupedOptions;
  const hasClearIcon = dirty && !props.disabled;
  const { onBlur: hookBlur, ...inputProps } = getInputProps();
  // Typed as any button's attributes (an HTML `color` string, which IconButton's own `color` is not).
  const { color: _clearColor, ...clearProps } = getClearProps();
  const { color: _popupColor, ...popupIndicatorProps } = getPopupIndicatorProps();

  const [paper, setPaper] = useState<HTMLDivElement | null>(null);
  const above = useListAbove(popupOpen, anchorEl, paper);
  const list = popupOpen && (
    <div style={{ position: 'relative', height: 0 }}>
      <Paper
        ref={setPaper}
        className={classes.paper}
        elevation={1}
        role="presentation"
        // Above: its bottom edge just over the input's floating label (this box sits at the input's
        // bottom edge), so the field still says what it is.
        style={
          above && anchorEl ? { top: 'auto', bottom: anchorEl.offsetHeight + labelOverhangPx } : undefined
        }
      >
        <div className={classes.status} role="status" aria-live="polite" aria-atomic="true">
          {props.loading && options.length === 0 && <div className={classes.loading}>Loading…</div>}
          {options.length === 0 && !props.loading && (
            <div className={classes.noOptions} onMouseDown={(event) => event.preventDefault()}>
              {props.noOptionsText ?? 'No options'}
            </div>
          )}
        </div>
        {options.length > 0 && (
          <ul className={classes.listbox} {...getListboxProps()}>
            {options.map((option, index) => {
              const { key, ...optionProps } = getOptionProps({ option, index });
              return (
                <li key={key} className={classes.option} {...optionProps}>
                  {props.getOptionLabel(option)}
                </li>
              );
            })}
          </ul>
        )}
      </Paper>
    </div>
  );

  return (
    <Root
      {...getRootProps()}
      className={[classes.root, focused && 'Mui-focused', hasClearIcon && classes.hasClearIcon]
        .filter(Boolean)
        .join(' ')}
    >
      <TextField
        id={id}
        name={props.name}
        label={props.label}
        required={props.required}
        disabled={props.disabled}
        error={error !== undefined}
        helperText={message}
        fullWidth
        afterInput={list}
        slotProps={{
          inputLabel: getInputLabelProps(),
          input: {
            ref: setAnchorEl,
            className: classes.inputRoot,
            endAdornment: (
              <div className={classes.endAdornment}>
                {hasClearIcon && (
                  <IconButton
                    {...clearProps}
                    className={classes.clearIndicator}
                    aria-label="Clear"
                    title="Clear"
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
                <IconButton
                  {...popupIndicatorProps}
                  className={[classes.popupIndicator, popupOpen && classes.popupIndicatorOpen]
                    .filter(Boolean)
                    .join(' ')}
                  disabled={props.disabled}
                  aria-label={popupOpen ? 'Close' : 'Open'}
                  title={popupOpen ? 'Close' : 'Open'}
                >
                  <ArrowDropDownIcon />
                </IconButton>
              </div>
            ),
          },
          htmlInput: {
            ...inputProps,
            className: classes.input,
            onBlur: (event) => {
              hookBlur?.(event);
              setOwnTouched(true);
              props.onBlur?.();
            },
          },
        }}
      />
    </Root>
  );
}

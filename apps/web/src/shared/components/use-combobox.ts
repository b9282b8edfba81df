'use client';

import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

export interface ComboboxConfig<T> {
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  /** The typed text, and the text the field puts back (the chosen option's label, or empty). */
  onInputChange?: (text: string) => void;
  getOptionLabel: (option: T) => string;
  /** The options the typed text offers, in the order shown (matchesLabel's unless given). */
  filterOptions?: (options: readonly T[], text: string) => readonly T[];
  /** Whether an option is the chosen value (the same object unless given). */
  isOptionEqualToValue?: (option: T, value: T) => boolean;
  disabled?: boolean;
}

/** Case and accents aside (é as e), whether a label holds the typed text: MUI Autocomplete's default filter. */
const folded = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export function matchesLabel<T>(options: readonly T[], text: string, getLabel: (option: T) => string): T[] {
  const key = folded(text);
  return key === '' ? [...options] : options.filter((option) => folded(getLabel(option)).includes(key));
}

/** The highlight follows the chosen value (when the list offers it) until the person moves it. */
const VALUE = Symbol('value');
/** How far PageUp and PageDown move the highlight, as MUI's Autocomplete. */
const pageSize = 5;

/**
 * An editable combobox with a listbox popup and list autocomplete, after the WAI-ARIA Authoring Practices'
 * combobox pattern (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/, its "list autocomplete with manual
 * selection" example), with MUI Autocomplete's behaviour where the field used it before (decision 0150).
 * The input is the `combobox` (`aria-autocomplete="list"`, `aria-expanded` and `aria-controls` while the
 * list shows options, `aria-activedescendant` naming the highlighted option); DOM focus stays in the input.
 * Typing filters and opens the list (emptying the text clears the value); ArrowDown and ArrowUp open it, or
 * move the highlight and wrap; Home and End (list open) and PageUp and PageDown move it too; Enter or a
 * click chooses the highlighted option; Escape closes the list; Tab (any blur) closes it choosing nothing.
 * Once chosen, or on blur, the text goes back to the value's label.
 */
export function useCombobox<T>(config: ComboboxConfig<T>) {
  const { options, value, getOptionLabel, disabled = false } = config;
  const isEqual = config.isOptionEqualToValue ?? ((option: T, chosen: T) => option === chosen);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxRef = useRef<HTMLUListElement>(null);
  const [anchorEl, setAnchorEl] = useState<HTMLDivElement | null>(null);
  const labelOf = (chosen: T | null) => (chosen === null ? '' : getOptionLabel(chosen));
  const [inputValue, setInputValue] = useState(() => labelOf(value));
  const [open, setOpen] = useState(false);
  // Untyped since opening: text that is the value's label offers the whole list.
  const [pristine, setPristine] = useState(true);
  const [focusedState, setFocused] = useState(false);
  const focused = focusedState && !disabled;
  const [highlight, setHighlight] = useState<{ option: T | typeof VALUE; by?: 'keyboard' | 'mouse' }>({
    option: VALUE,
  });
  // Whether the next click on the field is the one that focused it (it then selects the text).
  const firstFocus = useRef(true);

  const popupOpen = open && !disabled;
  const filter =
    config.filterOptions ?? ((all: readonly T[], text: string) => matchesLabel(all, text, getOptionLabel));
  const shownOptions = popupOpen
    ? filter(options, pristine && value !== null && inputValue === labelOf(value) ? '' : inputValue)
    : [];
  const highlighted =
    highlight.option === VALUE
      ? value === null
        ? -1
        : shownOptions.findIndex((option) => isEqual(option, value))
      : shownOptions.indexOf(highlight.option);
  const listboxAvailable = shownOptions.length > 0;

  const change = (next: T | null) => {
    if (next !== value) config.onChange(next);
  };
  const openList = () => {
    if (open) return;
    setOpen(true);
    setPristine(true);
    setHighlight({ option: VALUE });
  };
  const choose = (option: T) => {
    setInputValue(getOptionLabel(option));
    change(option);
    setOpen(false);
  };
  const clear = () => {
    setInputValue('');
    change(null);
  };

  // Not focused, or once the value changes (chosen here or set from outside), the text is the value's
  // label: adjusted while rendering, as React advises for state that follows a prop.
  const [shownValue, setShownValue] = useState(value);
  const valueChanged = shownValue !== value;
  if (valueChanged) setShownValue(value);
  if ((valueChanged || !focused) && inputValue !== labelOf(value)) setInputValue(labelOf(value));

  // Each new text, typed or put back, is told to onInputChange once it is shown.
  const toldText = useRef(inputValue);
  useEffect(() => {
    if (toldText.current === inputValue) return;
    toldText.current = inputValue;
    config.onInputChange?.(inputValue);
  });

  // The keyboard's highlight (or the value's, on opening) is scrolled into the list's view; the pointer's
  // is where the pointer is. After the APG's select-only combobox example, as MUI's Autocomplete.
  useLayoutEffect(() => {
    const list = listboxRef.current;
    if (!list || highlighted === -1 || highlight.by === 'mouse') return;
    const option = list.children[highlighted] as HTMLElement | undefined;
    if (!option || list.scrollHeight <= list.clientHeight) return;
    const optionBottom = option.offsetTop + option.offsetHeight;
    if (optionBottom > list.clientHeight + list.scrollTop) list.scrollTop = optionBottom - list.clientHeight;
    else if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  }, [highlighted, highlight.by, popupOpen]);

  const move = (diff: number | 'start' | 'end') => {
    const last = shownOptions.length - 1;
    if (!popupOpen || last < 0) return;
    let next: number;
    if (diff === 'start') next = 0;
    else if (diff === 'end') next = last;
    else {
      next = highlighted + diff;
      // One step wraps round; a page stops at the end.
      if (next < 0) next = Math.abs(diff) > 1 ? 0 : last;
      else if (next > last) next = Math.abs(diff) > 1 ? last : 0;
    }
    setHighlight({ option: shownOptions[next] as T, by: 'keyboard' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An input method still composing owns its keys.
    if (event.nativeEvent.isComposing) return;
    const steps: Record<string, number | 'start' | 'end'> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: pageSize,
      PageUp: -pageSize,
      Home: 'start',
      End: 'end',
    };
    const step = steps[event.key];
    if (step !== undefined) {
      // Home and End move the caret while the list is closed.
      if (typeof step === 'string' && !popupOpen) return;
      event.preventDefault();
      move(step);
      openList();
    } else if (event.key === 'Enter') {
      // Nothing highlighted: Enter is the form's (it submits).
      if (popupOpen && highlighted !== -1) {
        event.preventDefault();
        choose(shownOptions[highlighted] as T);
      }
    } else if (event.key === 'Escape' && popupOpen) {
      // Only the list closes, not a dialog the field is in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const toggle = () => {
    if (open) setOpen(false);
    else openList();
  };

  const inField = (event: MouseEvent) => anchorEl !== null && anchorEl.contains(event.target as Node);

  return {
    id,
    inputValue,
    popupOpen,
    focused,
    /** Something chosen: the Clear button shows. */
    dirty: value !== null,
    shownOptions,
    anchorEl,
    setAnchorEl,
    clear,
    toggle,
    rootProps: {
      // The buttons beside the input keep the focus in it.
      onMouseDown: (event: MouseEvent) => {
        if (inField(event) && event.target !== inputRef.current) event.preventDefault();
      },
      // A click in the field focuses the input, the first one selecting its text.
      onClick: (event: MouseEvent) => {
        if (!inField(event) || !inputRef.current) return;
        const input = inputRef.current;
        input.focus();
        if (firstFocus.current && input.selectionEnd === input.selectionStart) input.select();
        firstFocus.current = false;
      },
    } satisfies HTMLAttributes<HTMLDivElement>,
    inputProps: {
      id,
      ref: inputRef,
      value: inputValue,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': listboxAvailable,
      'aria-controls': listboxAvailable ? listboxId : undefined,
      'aria-activedescendant': highlighted === -1 ? undefined : `${id}-option-${highlighted}`,
      // The browser's own suggestions would cover the list.
      autoComplete: 'off',
      autoCapitalize: 'none',
      spellCheck: false,
      disabled,
      onKeyDown,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const text = event.target.value;
        setInputValue(text);
        if (text === '') change(null);
        else openList();
        setPristine(false);
        setHighlight({ option: VALUE });
      },
      onMouseDown: (event: MouseEvent<HTMLInputElement>) => {
        if (!disabled && (inputValue === '' || !open) && event.button === 0) toggle();
      },
      onFocus: () => setFocused(true),
      onBlur: () => {
        setFocused(false);
        firstFocus.current = true;
        setOpen(false);
      },
    } satisfies InputHTMLAttributes<HTMLInputElement> & { ref: typeof inputRef },
    listboxProps: {
      ref: listboxRef,
      role: 'listbox',
      id: listboxId,
      'aria-labelledby': `${id}-label`,
      // A press in the list keeps the focus in the input.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
    },
    optionProps: (option: T, index: number) => ({
      id: `${id}-option-${index}`,
      role: 'option',
      tabIndex: -1,
      'aria-selected': value !== null && isEqual(option, value),
      onMouseMove: () => {
        if (index !== highlighted) setHighlight({ option, by: 'mouse' });
      },
      onClick: () => choose(option),
    }),
    /** The option at `index` is highlighted, and by the keyboard (which draws the focus ring). */
    isHighlighted: (index: number) => index === highlighted,
    highlightedByKeyboard: highlight.by === 'keyboard',
  };
}

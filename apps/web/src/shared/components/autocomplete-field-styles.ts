import { styled } from '@mui/material/styles';

/** MUI's Autocomplete class names, so the field looks and reads as MUI's own (the theme knows them). */
export const classes = {
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
export const Root = styled('div')(({ theme }) => ({
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

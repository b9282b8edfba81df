// The generated client names the DOM's BodyInit, which Node's types leave out of the global scope;
// Node's fetch (undici) takes the same bodies.
import type { BodyInit as UndiciBodyInit } from 'undici-types';

declare global {
  type BodyInit = UndiciBodyInit;
}

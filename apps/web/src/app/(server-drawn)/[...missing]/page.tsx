import { notFound } from 'next/navigation';

/** Any address no page answers: the not-found page in the frame drawn on the server, with status 404. */
export default function MissingPage(): never {
  notFound();
}

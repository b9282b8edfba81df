import { LoadingSpinner } from '@/shared/components/loading-spinner';

/** R9.11: the redirect screens show only a centred spinner 500px high (and a heading for screen readers). */
export function RedirectScreen({ heading, label }: { heading: string; label: string }) {
  return (
    <>
      <h1 className="visually-hidden">{heading}</h1>
      <LoadingSpinner height={500} label={label} />
    </>
  );
}

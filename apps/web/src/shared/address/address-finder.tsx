'use client';

import type { Address, AddressCandidate } from '@vet/contracts/address-lookup';
import { checkAddressLookupText } from '@vet/contracts/address-rules';
import { useEffect, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import { FormTextField } from '@/shared/forms/form-text-field';
import { useGetAddress } from '@/shared/address/get-address';
import { useSearchAddresses } from '@/shared/address/search-addresses';
import { lookupProblem, type LookupProblem } from '@/shared/address/lookup-problem';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import styles from './address-finder.module.css';

export interface AddressFinderProps {
  onAddress: (address: Address) => void;
  /** The id of the first address field, where a lookup that is off sends the person (decision 0098). */
  manualFieldId: string;
  /** The line between the search and the fields ("Or type your address in yourself:"). */
  manualHint: string;
}

/**
 * The address by postcode (R3.8): search, choose a candidate, and the chosen address fills the form's
 * fields through `onAddress` (which the person can still correct, or fill in by hand instead). A lookup
 * that fails says to type the address; one that is off stops offering the search (decision 0098).
 */
export function AddressFinder({ onAddress, manualFieldId, manualHint }: AddressFinderProps) {
  const search = useSearchAddresses();
  const fetchAddress = useGetAddress();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>();
  const [candidates, setCandidates] = useState<AddressCandidate[] | null>(null);
  const [chosen, setChosen] = useState<AddressCandidate | null>(null);
  const [problem, setProblem] = useState<LookupProblem | null>(null);
  const off = problem?.kind === 'off';

  // The search (and the focus on its button) goes: the person goes on at the first address field.
  useEffect(() => {
    if (off) document.getElementById(manualFieldId)?.focus();
  }, [off, manualFieldId]);

  const find = async () => {
    const checked = checkAddressLookupText(text);
    if (!checked.ok) {
      setTextError(checked.message);
      return;
    }
    setTextError(undefined);
    setProblem(null);
    setChosen(null);
    // The last search's list goes at once: shown while a slow lookup runs, it would answer the new text.
    setCandidates(null);
    try {
      setCandidates(await search.mutateAsync(checked.text));
    } catch (error) {
      setCandidates(null);
      setProblem(lookupProblem(error));
    }
  };

  const choose = async (candidate: AddressCandidate | null) => {
    setChosen(candidate);
    if (!candidate) return;
    setProblem(null);
    try {
      onAddress(await fetchAddress.mutateAsync(candidate));
    } catch (error) {
      setProblem(lookupProblem(error));
    }
  };

  // No search to offer: the alert says to type the address, in place of the hint that begins "Or".
  if (off && problem) return <AppAlert severity="info">{problem.message}</AppAlert>;

  return (
    <>
      <div className={styles.root}>
        <div className={styles.search}>
          <FormTextField
            name="addressSearch"
            id="address-search"
            label="Find your address by postcode"
            value={text}
            onChange={(value) => {
              setText(value);
              setTextError(undefined);
            }}
            errorText={textError}
            touched={textError !== undefined}
            autoComplete="off"
            onKeyDown={(event) => {
              // Enter here looks the address up; it must not send the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                void find();
              }
            }}
            className={styles.searchField}
          />
          <Button
            variant="outlined"
            size="large"
            onClick={() => void find()}
            disabled={search.isPending}
            aria-busy={search.isPending || undefined}
            className={styles.findButton}
          >
            {search.isPending ? 'Finding...' : 'Find address'}
          </Button>
        </div>
        {/* Always in the page, so the count (or 'No addresses found') is announced when it changes. */}
        <p role="status" className={cx(typography.secondary, styles.count)}>
          {search.isPending
            ? 'Finding addresses...'
            : candidates === null
              ? ''
              : candidates.length === 0
                ? 'No addresses found'
                : `${candidates.length} ${candidates.length === 1 ? 'address' : 'addresses'} found. Choose yours below.`}
        </p>
        {candidates !== null && (
          <AutocompleteField<AddressCandidate>
            label="Choose your address"
            name="addressCandidate"
            options={candidates}
            value={chosen}
            onChange={(candidate) => void choose(candidate)}
            getOptionLabel={(candidate) => candidate.description}
            isOptionEqualToValue={(a, b) => a.serviceId === b.serviceId && a.addressId === b.addressId}
            noOptionsText="No addresses found"
            loading={fetchAddress.isPending}
          />
        )}
        {problem && (
          <AppAlert severity={problem.kind === 'unavailable' ? 'warning' : 'error'}>
            {problem.message}
          </AppAlert>
        )}
      </div>
      <p className={typography.secondary}>{manualHint}</p>
    </>
  );
}

import { describe, expect, it } from 'vitest';
import { AddressLookupUnavailable } from './address-provider.ts';
import { createIdealPostcodesProvider } from './ideal-postcodes-provider.ts';
import { findAddressResponseSchema, resolveAddressResponseSchema } from './ideal-postcodes-responses.ts';

/**
 * The requests the adapter sends, held to Ideal Postcodes' OpenAPI document
 * (https://openapi.ideal-postcodes.co.uk/openapi.yaml; decision 0098): the path, each query parameter a
 * documented one, the key as `api_key` in the query and nowhere else, the documented bounds. And the
 * reference's own example answers read as the portal's shapes.
 */
const documented = {
  // FindAddress's parameters: ApiKeyParam, query, then DatasetParam … BiasCountryParam, by their names.
  find: {
    path: '/v1/autocomplete/addresses',
    query: new Set(
      [
        'api_key query dataset context limit bias_lonlat bias_ip box postcode_outward postcode',
        'postcode_area postcode_sector post_town uprn country postcode_type su_organisation_indicator',
        'bias_postcode_outward bias_postcode bias_postcode_area bias_postcode_sector bias_post_town',
        'bias_thoroughfare bias_country',
      ]
        .join(' ')
        .split(' '),
    ),
  },
  // ResolveAddress: the suggestion's id in the path; ApiKeyParam and TagsParam.
  resolve: { path: /^\/v1\/autocomplete\/addresses\/[^/]+\/gbr$/, query: new Set(['api_key', 'tags']) },
};

const key = 'ak_contract0123456789';

/** The adapter with a fetch that records its request and answers `body`. */
function adapterAnswering(body: unknown, status = 200) {
  const sent: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    sent.push({ url: new URL(input instanceof Request ? input.url : input), init });
    return Promise.resolve(Response.json(body, { status }));
  };
  const adapter = createIdealPostcodesProvider(
    { apiKey: key, apiUrl: 'https://api.ideal-postcodes.co.uk', timeoutMs: 2000 },
    fetchFn,
  );
  return { adapter, sent };
}

// AutocompleteResponse's GBR example (FindAddress, 200).
const findExample = {
  result: {
    hits: [
      {
        id: 'paf_23747771',
        suggestion: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A',
        udprn: 23747771,
        urls: { udprn: '/v1/udprn/23747771' },
      },
      {
        id: 'paf_26245117',
        suggestion: 'Flat 10, Downing Court, Grenville Street, London, WC1N',
        udprn: 26245117,
        urls: { udprn: '/v1/udprn/26245117' },
      },
    ],
  },
  code: 2000,
  message: 'Success',
};

// Lookup Postcode's example address (a PafAddress, as ResolveAddress's `result` is), fields as documented.
const pafExample = {
  postcode: 'SW1A 2AA',
  postcode_inward: '2AA',
  postcode_outward: 'SW1A',
  post_town: 'London',
  thoroughfare: 'Downing Street',
  building_number: '10',
  organisation_name: 'Prime Minister & First Lord Of The Treasury',
  udprn: 23747771,
  line_1: 'Prime Minister & First Lord Of The Treasury',
  line_2: '10 Downing Street',
  line_3: '',
  premise: '10',
  country: 'England',
  traditional_county: 'Greater London',
  administrative_county: '',
  postal_county: 'London',
  county: 'London',
  uprn: '100023336956',
  id: 'paf_23747771',
  country_iso: 'GBR',
  dataset: 'paf',
};

describe('the requests to Ideal Postcodes', () => {
  it.each([
    ['free text', '10 downing', { limit: '20' }],
    ['a spaced postcode', 'SW1A 2AA', { postcode: 'sw1a2aa', limit: '100' }],
    ['a postcode in lower case without its space', 'sw1a2aa', { postcode: 'sw1a2aa', limit: '100' }],
    ['text of the portal’s greatest length', 'x'.repeat(100), { limit: '20' }],
  ])('finds %s with documented parameters only, the key in the query', async (_case, text, expected) => {
    const { adapter, sent } = adapterAnswering(findExample);
    await adapter.search(text);
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [(typeof sent)[number]];
    expect(url.origin + url.pathname).toBe(`https://api.ideal-postcodes.co.uk${documented.find.path}`);
    expect([...url.searchParams.keys()].filter((name) => !documented.find.query.has(name))).toEqual([]);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api_key: key,
      query: text,
      context: 'GBR',
      ...expected,
    });
    expect(text.length).toBeLessThanOrEqual(150);
    expect(init?.method ?? 'GET').toBe('GET');
    expect(JSON.stringify(init?.headers)).not.toContain(key);
  });

  it('resolves a suggestion by its id in the path, with the key in the query only', async () => {
    const { adapter, sent } = adapterAnswering({ result: pafExample, code: 2000, message: 'Success' });
    await adapter.find('paf_23747771');
    const [{ url, init }] = sent as [(typeof sent)[number]];
    expect(url.pathname).toMatch(documented.resolve.path);
    expect(url.pathname).toBe('/v1/autocomplete/addresses/paf_23747771/gbr');
    expect(Object.fromEntries(url.searchParams)).toEqual({ api_key: key });
    expect(JSON.stringify(init?.headers)).not.toContain(key);
  });

  it('reads the reference’s example answers as the portal’s candidates and address', async () => {
    expect(findAddressResponseSchema.safeParse(findExample).success).toBe(true);
    expect(await adapterAnswering(findExample).adapter.search('10 downing')).toEqual([
      {
        serviceId: 'ideal-postcodes',
        addressId: 'paf_23747771',
        description: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A',
      },
      {
        serviceId: 'ideal-postcodes',
        addressId: 'paf_26245117',
        description: 'Flat 10, Downing Court, Grenville Street, London, WC1N',
      },
    ]);
    const resolved = { result: pafExample, code: 2000, message: 'Success' };
    expect(resolveAddressResponseSchema.safeParse(resolved).success).toBe(true);
    expect(await adapterAnswering(resolved).adapter.find('paf_23747771')).toEqual({
      serviceId: 'ideal-postcodes',
      addressId: 'paf_23747771',
      line1: 'Prime Minister & First Lord Of The Treasury',
      line2: '10 Downing Street',
      town: 'London',
      county: 'London',
      postcode: 'SW1A 2AA',
    });
  });

  it('leaves out a suggestion whose id the portal’s route could not take back (over 40 characters)', async () => {
    const long = {
      ...findExample,
      result: { hits: [{ id: `paf_${'9'.repeat(40)}`, suggestion: 'x', urls: {} }] },
    };
    expect(await adapterAnswering(long).adapter.search('somewhere')).toEqual([]);
  });

  it('reads a 404 of Resolve Address as no such address, and an answer without code 2000 as unexpected', async () => {
    const gone = adapterAnswering({ code: 4048, message: 'Address not found' }, 404);
    expect(await gone.adapter.find('paf_1')).toBeUndefined();
    // No route at all (a wrong IDEAL_POSTCODES_API_URL) is no answer, not an unknown address.
    const lost = adapterAnswering({ code: 404, message: '404 Page not found' }, 404);
    const noRoute = await lost.adapter.find('paf_1').catch((error: unknown) => error);
    expect(noRoute).toMatchObject({
      failure: 'unexpected_response',
      answer: { status: 404, providerCode: 404 },
    });
    const odd = adapterAnswering({ result: { hits: [] }, code: 2001, message: 'Odd' });
    const failure = await odd.adapter.search('somewhere').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AddressLookupUnavailable);
    expect(failure).toMatchObject({ failure: 'unexpected_response', answer: { status: 200 } });
  });
});

import { describe, expect, it } from 'vitest';
import type { ConnectorOptions } from './connectors-plugin.ts';
import { createVendorConnection } from './vendors.ts';

const provet = (credentials: Record<string, string>, settings = {}): ConnectorOptions => ({
  name: 'provet-test',
  system: 'provet-cloud',
  practices: ['PRAC-0001'],
  baseUrl: 'https://provetcloud.com',
  settings: { provet_id: '4', department_id: '1', ...settings },
  credentials: { client_id: 'id', client_secret: 'secret', ...credentials },
  pollSeconds: 15,
});

describe("a Provet Cloud connector's settings", () => {
  it('takes a webhook secret of 32 characters or more, and the rota refresh', () => {
    const connection = createVendorConnection(
      provet({ webhook_secret: 'x'.repeat(32) }, { rota_refresh_minutes: 30 }),
      undefined,
    );
    expect(connection.system).toBe('provet-cloud');
  });

  it('refuses a short webhook secret, naming the field and never its value', () => {
    const short = 'short-secret-value';
    expect(() => createVendorConnection(provet({ webhook_secret: short }), undefined)).toThrow(
      /credentials wrong or missing: webhook_secret$/,
    );
    try {
      createVendorConnection(provet({ webhook_secret: short }), undefined);
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
  });

  it('takes a page size only with the installation’s default page size, which counts its cost', () => {
    expect(() => createVendorConnection(provet({}, { page_size: 1000 }), undefined)).toThrow(
      /settings wrong or missing: default_page_size$/,
    );
    const connection = createVendorConnection(
      provet({}, { page_size: 1000, default_page_size: 50 }),
      undefined,
    );
    expect(connection.system).toBe('provet-cloud');
  });
});

describe("a connector's price map (decision 0147)", () => {
  it('reads prices once items are mapped, and refuses a band the price list does not have by its field', () => {
    const mapped = provet({}, { price_map: [{ item: '7', reason_ref: '3', band: 'cat' }] });
    expect(createVendorConnection(mapped, undefined).readKinds).toContain('prices');
    const horse = provet({}, { price_map: [{ item: '7', reason_ref: '3', band: 'horse' }] });
    expect(() => createVendorConnection(horse, undefined)).toThrow(
      /settings wrong or missing: price_map\.0\.band$/,
    );
  });
});

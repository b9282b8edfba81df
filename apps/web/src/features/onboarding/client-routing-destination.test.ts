import { describe, expect, it } from 'vitest';
import { clientRoutingDestination, type ClientRoutingInput } from './client-routing-destination';

const route = (input: Partial<ClientRoutingInput>) =>
  clientRoutingDestination({
    hasStoredCode: false,
    hasStoredInvitation: false,
    activationStatus: 'NOT_STARTED',
    ...input,
  });

describe('clientRoutingDestination (/client-routing)', () => {
  it('goes by status: NOT_STARTED or no profile → /registration, STARTED → /verified, COMPLETED → /', () => {
    expect(route({ activationStatus: 'NOT_STARTED' })).toBe('/registration');
    expect(route({ activationStatus: null })).toBe('/registration');
    expect(route({ activationStatus: 'STARTED' })).toBe('/verified');
    expect(route({ activationStatus: 'COMPLETED' })).toBe('/');
  });

  it('puts a stored code from an e-mailed link first, then a stored invitation', () => {
    expect(route({ hasStoredCode: true, hasStoredInvitation: true })).toBe('/verified');
    expect(route({ hasStoredInvitation: true, activationStatus: 'STARTED' })).toBe('/invite');
    expect(route({ hasStoredCode: true, activationStatus: 'COMPLETED' })).toBe('/verified');
  });
});

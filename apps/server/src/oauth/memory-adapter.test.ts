import { describe, expect, it } from 'vitest';

import { createMemoryAdapterFactory } from './memory-adapter.ts';

describe('createMemoryAdapterFactory', () => {
  it('revokes a grant’s entries of the model asked only: an interaction naming the grant stays', async () => {
    const factory = createMemoryAdapterFactory();
    const tokens = factory('AccessToken');
    const codes = factory('AuthorizationCode');
    const interactions = factory('Interaction');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await interactions.upsert('i1', { grantId: 'g1', uid: 'i1' }, 60);

    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toEqual({ grantId: 'g2' });
    expect(await codes.find('c1')).toEqual({ grantId: 'g1' });
    expect(await interactions.find('i1')).toEqual({ grantId: 'g1', uid: 'i1' });

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await interactions.find('i1')).toEqual({ grantId: 'g1', uid: 'i1' });
  });
});

/**
 * Test vectors of the provably fair roll, computed with the server's `workers/settler/provably-fair.ts`
 * (`hashChain`, `fairMessage`, `fairHmac`, `randomValueFor`) from a fixed secret: a 4-seed chain and one
 * bet per seed. `apps/server/src/routes/api/fairness/browser-derivation.test.ts` recomputes every value with
 * the server's functions and with the browser's, so both implementations are held to the same numbers.
 *
 * @module
 */

/** One bet's roll. Hex is lowercase. */
export interface FairnessVector {
  readonly seedIndex: number;
  readonly seed: string;
  readonly previousSeed: string;
  readonly betAddress: string;
  readonly signature: string;
  readonly message: string;
  readonly hmac: string;
  readonly randomValue: number;
}

/** The chain's last seed s_4 (the secret) and its head s_0. */
export const VECTOR_CHAIN = Object.freeze({
  secret: 'c59c2d0879d04a89c046fac8f16d96d9317ccbb9e7d7aa63602b7fdf9992dc4a',
  head: '38b7d247d9f0b63045c575035c6a96efba9f9f148a8a5cf07b90a69dbd805352',
  length: 4,
});

/** Seeds s_1 … s_4 and a bet each. The first bet address starts with a zero byte (base58 '1'). */
export const FAIRNESS_VECTORS: readonly FairnessVector[] = Object.freeze([
  {
    seedIndex: 1,
    seed: 'fb3937a769ee5b8612b63fb32c2e2a46bb70abb5c1022d04fb25f36139c4d1d0',
    previousSeed: '38b7d247d9f0b63045c575035c6a96efba9f9f148a8a5cf07b90a69dbd805352',
    betAddress: '1yXgH1kKiAE2qcNbxVfoGzNrcBBFjWCS7qdAATU5M63',
    signature: '3DavEsdqG12GHdBGLLbyAqx6EDnJwWQFvWq3wfCyAgZZwvQo1eM9ehXCp5QEmrZoEQ1nBZ7z28DBqyJi7HqNVnAT',
    message:
      '003feade009bebb7b3baa98b62b521cc2e74dab64120544a3abd99167f6e8e446ee2fb0fde023e6142b9d06413d2426acfe87a32f5ae5c7def3e2257b573c96a2a7dc348e8d6648b2bb5229d15851fe5b485477f63e94257bc1ed1ed45b8f428',
    hmac: 'a7a8048bd94f28901b9e1af43f74ddd687c29e5db4ac1163897df62029b4c109',
    randomValue: 3,
  },
  {
    seedIndex: 2,
    seed: '8975f52928d956518f9e2242e42662c5a0c4c8d335b9269608d96e8f3895f312',
    previousSeed: 'fb3937a769ee5b8612b63fb32c2e2a46bb70abb5c1022d04fb25f36139c4d1d0',
    betAddress: '3tb97zRU6aQU5xCLCdmoJkqQuUHtJsiWWzJf54TQeWLz',
    signature: 'AeV8FxFdhFkkxGQvNU5yWkgx3pV4ScGj1JFVhZJe1CF9whgyQWRWWNsxZb1pUiFhSVdSnGrTtXiJhPzq9sxgWXy',
    message:
      '2aee98ebb67a8c5d2dc188cb4bc83a999ca8956502a91250911295fa05c040d308518f7dec6a52b87db983899669f218e3efb23b99ac59edbd5bab4c8629f5afc52c94ebbbc06220750ac41eab9a39d8c36a46e6f28042c286b2d51080e91ee0',
    hmac: '8ca4f6294b1db526a4c8c36bfb56efbdcf478ef08f6a9f3dcaa5df2c62acadb8',
    randomValue: 44,
  },
  {
    seedIndex: 3,
    seed: 'c58cacd1f4ecfafc3ff807d1fab0526372d34ef2f40e28d0e4b29814c8f32d13',
    previousSeed: '8975f52928d956518f9e2242e42662c5a0c4c8d335b9269608d96e8f3895f312',
    betAddress: 'FmtXFbka2PYfBQtRmZxWtGry6PSmPtAzpcvW6qaJPP1U',
    signature: '5gjY8o6KLpDjGH6YzzqtKtLYamPD2U4X7tyF1EtdqhoeNamnGYDtTASPXf23nVmuLNihxBg16LxTq6KE88ztPs7Y',
    message:
      'db836d9ee58b094873c470f78b8672b80c6e247d0997019e7d178a9a5f90bbd3ea5522e1d2ad0bf4092ce40722ef9edb3201e56583217adb4714ec7065fce4bbebe7be1ad7fb2139b67623b06c67c94e202d7347cde5d8ea3d36409ceadfe703',
    hmac: '07b5213d0a2dbec2596f7951b71aa2e459db49bbcaa5bcd088d744507a656940',
    randomValue: 11,
  },
  {
    seedIndex: 4,
    seed: 'c59c2d0879d04a89c046fac8f16d96d9317ccbb9e7d7aa63602b7fdf9992dc4a',
    previousSeed: 'c58cacd1f4ecfafc3ff807d1fab0526372d34ef2f40e28d0e4b29814c8f32d13',
    betAddress: '23GbW4guQ2bUn5kfYyxdP3HT64UCiThFBXDNxTgVckwr',
    signature: '2x9Pq4wC2NRJz3r1UTDK5En7XzYwxhnbLxcL5e1D1aKge2vqaWYS2gHTSorsV7yDdD9nq1JvbwYeToXemaidHbYk',
    message:
      '0f707b504646f5e040c76e6471235ad0c65af133a99cf99c214ec18543e6a71161925b8a387e87df88a67099fe09537399230ac9aab895e71f35872af04b068545bd72aa916f910e0996d4ea96162dd02848eb332ca0492639cd1c7bad57da99',
    hmac: '17b2a8818c0ecfba3a26073aced0d27656a97d5f7823d5c5ebb9cce4d4b41a96',
    randomValue: 95,
  },
]);

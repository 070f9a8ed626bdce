/**
 * Test vectors of a TailSpin or ReTail roll (`docs/trust.md`, "Rolls nobody chooses"), computed with the
 * SDK (`@arcade/sdk/wager/fairness`: `rollMessage`, `rollFor`) and checked against node:crypto's
 * HMAC-SHA256 when they were made: a 4-seed chain from a fixed secret (`s_i = sha256(s_(i+1))`), committed
 * for sequences 100–103, and one bet per seed with its player seed, slot and slot hash. The bet addresses
 * and creating signatures only name the bets: the roll no longer depends on them.
 *
 * @module
 */

/**
 * One bet's roll. Hex is lowercase; `message` is sequence (u64 LE) ‖ player seed ‖ slot hash (72 bytes).
 */
export interface FairnessVector {
  readonly seedIndex: number;
  readonly sequence: number;
  readonly seed: string;
  /** s_(i−1): the commitment sha256(seed) must equal (the head for s_1). */
  readonly previousSeed: string;
  readonly playerSeed: string;
  readonly slot: number;
  readonly slotHash: string;
  readonly message: string;
  readonly hmac: string;
  readonly roll: number;
  readonly betAddress: string;
  readonly signature: string;
}

/** The chain's last seed s_4 (the secret), its head s_0 and the sequence whose bet takes s_1. */
export const VECTOR_CHAIN = Object.freeze({
  secret: 'c59c2d0879d04a89c046fac8f16d96d9317ccbb9e7d7aa63602b7fdf9992dc4a',
  head: '38b7d247d9f0b63045c575035c6a96efba9f9f148a8a5cf07b90a69dbd805352',
  length: 4,
  startSequence: 100,
});

/** Seeds s_1 … s_4 and a bet each. The first player seed is all zeros. */
export const FAIRNESS_VECTORS: readonly FairnessVector[] = Object.freeze([
  {
    seedIndex: 1,
    sequence: 100,
    seed: 'fb3937a769ee5b8612b63fb32c2e2a46bb70abb5c1022d04fb25f36139c4d1d0',
    previousSeed: '38b7d247d9f0b63045c575035c6a96efba9f9f148a8a5cf07b90a69dbd805352',
    playerSeed: '0000000000000000000000000000000000000000000000000000000000000000',
    slot: 4037,
    slotHash: '20379e87bc2b7bc9c54d68ce52928b32a399ffbcdcb7dee461ab8985eadc5f4d',
    message:
      '6400000000000000000000000000000000000000000000000000000000000000000000000000000020379e87bc2b7bc9c54d68ce52928b32a399ffbcdcb7dee461ab8985eadc5f4d',
    hmac: '413f1714909216ed6c4693f4b1d6a790bd80fbf0c3eb122ec519ed95ba8e6e13',
    roll: 25,
    betAddress: '1yXgH1kKiAE2qcNbxVfoGzNrcBBFjWCS7qdAATU5M63',
    signature: '3DavEsdqG12GHdBGLLbyAqx6EDnJwWQFvWq3wfCyAgZZwvQo1eM9ehXCp5QEmrZoEQ1nBZ7z28DBqyJi7HqNVnAT',
  },
  {
    seedIndex: 2,
    sequence: 101,
    seed: '8975f52928d956518f9e2242e42662c5a0c4c8d335b9269608d96e8f3895f312',
    previousSeed: 'fb3937a769ee5b8612b63fb32c2e2a46bb70abb5c1022d04fb25f36139c4d1d0',
    playerSeed: 'f1e6aa930abb0b088917228c817fc51167f30934ef67aa6dfa923b5b5f63a58a',
    slot: 4074,
    slotHash: '8bbe9c3b4a64abfc5be53c39fe7d2e7f2971463a91ccad9210b76bfd0e9d0369',
    message:
      '6500000000000000f1e6aa930abb0b088917228c817fc51167f30934ef67aa6dfa923b5b5f63a58a8bbe9c3b4a64abfc5be53c39fe7d2e7f2971463a91ccad9210b76bfd0e9d0369',
    hmac: '43549eccf894740d3327403bdb44cb428f27e8b5f01c9551a6b688147f08c94d',
    roll: 43,
    betAddress: '3tb97zRU6aQU5xCLCdmoJkqQuUHtJsiWWzJf54TQeWLz',
    signature: 'AeV8FxFdhFkkxGQvNU5yWkgx3pV4ScGj1JFVhZJe1CF9whgyQWRWWNsxZb1pUiFhSVdSnGrTtXiJhPzq9sxgWXy',
  },
  {
    seedIndex: 3,
    sequence: 102,
    seed: 'c58cacd1f4ecfafc3ff807d1fab0526372d34ef2f40e28d0e4b29814c8f32d13',
    previousSeed: '8975f52928d956518f9e2242e42662c5a0c4c8d335b9269608d96e8f3895f312',
    playerSeed: '569a9e0dcb6157e7b1f3d3e5c4e3ac089439e020fbda5253cffe6b46a4f455be',
    slot: 4111,
    slotHash: '80b09562b0b059dbf09bf336e2c3bd18b972248cf0ac5746fabf38f6a1ca1e84',
    message:
      '6600000000000000569a9e0dcb6157e7b1f3d3e5c4e3ac089439e020fbda5253cffe6b46a4f455be80b09562b0b059dbf09bf336e2c3bd18b972248cf0ac5746fabf38f6a1ca1e84',
    hmac: '64f122c1c0772d023d122a6f900be4a47e4982ffdc9d0d3ee4985cc156fcf60c',
    roll: 76,
    betAddress: 'FmtXFbka2PYfBQtRmZxWtGry6PSmPtAzpcvW6qaJPP1U',
    signature: '5gjY8o6KLpDjGH6YzzqtKtLYamPD2U4X7tyF1EtdqhoeNamnGYDtTASPXf23nVmuLNihxBg16LxTq6KE88ztPs7Y',
  },
  {
    seedIndex: 4,
    sequence: 103,
    seed: 'c59c2d0879d04a89c046fac8f16d96d9317ccbb9e7d7aa63602b7fdf9992dc4a',
    previousSeed: 'c58cacd1f4ecfafc3ff807d1fab0526372d34ef2f40e28d0e4b29814c8f32d13',
    playerSeed: '824995189c83d7bf8b53f867c8ef8c62006e2642e1dd0e1adc02a1bc780363b5',
    slot: 4148,
    slotHash: 'ade9758fbd3d9db6434f4bcabd373e99e6e657e192e6af0d9efa0551a9e52841',
    message:
      '6700000000000000824995189c83d7bf8b53f867c8ef8c62006e2642e1dd0e1adc02a1bc780363b5ade9758fbd3d9db6434f4bcabd373e99e6e657e192e6af0d9efa0551a9e52841',
    hmac: 'e80ab8609c4591974095f8a67fb1715fb1df9811b33a93ded425a553e9b38da2',
    roll: 28,
    betAddress: '23GbW4guQ2bUn5kfYyxdP3HT64UCiThFBXDNxTgVckwr',
    signature: '2x9Pq4wC2NRJz3r1UTDK5En7XzYwxhnbLxcL5e1D1aKge2vqaWYS2gHTSorsV7yDdD9nq1JvbwYeToXemaidHbYk',
  },
]);

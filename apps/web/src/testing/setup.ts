import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `waitFor` and `findBy…` wait up to 10 s (the default is 1 s): a bound for a loaded CI machine, where a flow
// through the fake chain can take longer than a second. A passing test returns as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages drawn with their data (twenty Chakra cards) take seconds on a busy machine: wait for what
// a user would see rather than fail on the default second.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

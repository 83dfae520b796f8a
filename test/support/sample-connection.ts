/**
 * The made-up service the nock-backed suites (core, n8n, MCP) talk to: one address, one workspace, one recording,
 * one subscription. Secrets stay per platform (harness or fixtures), so a leak check says whose secret leaked.
 */
export const BASE_URL = 'https://api.screenrec.test';
export const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
export const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
export const SUBSCRIPTION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

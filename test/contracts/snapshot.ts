import { readFileSync } from 'node:fs';
import { RELEASED_CONTRACT_FILE, contractText, currentContract, writeReleasedContract } from './current';

/**
 * `npm run contracts:snapshot`: records what this build promises users as the released contract (run it when a
 * release goes out, after the guard passed). With `--check` (the release workflows), fails when the committed
 * snapshot is not what this build promises, so a release cannot go out with a stale one.
 */
async function main(): Promise<void> {
  const contract = await currentContract();
  if (!process.argv.includes('--check')) {
    writeReleasedContract(contract);
    console.log(`contracts: wrote ${RELEASED_CONTRACT_FILE}`);
    return;
  }
  if (readFileSync(RELEASED_CONTRACT_FILE, 'utf8') !== contractText(contract)) {
    console.error(
      'contracts: test/contracts/released.json is not what this build promises: run `npm run contracts:snapshot` and commit it with the release.',
    );
    process.exitCode = 1;
    return;
  }
  console.log('contracts: the released snapshot matches this build');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

#!/usr/bin/env node
// `prepublishOnly`: only the provenance workflow publishes (.github/workflows/publish-n8n.yml sets RELEASE_MODE, as
// n8n's starter's `n8n-node prerelease` guard expects). n8n lists only packages published from GitHub Actions with
// npm provenance; a `npm publish` from a laptop would put a version on the registry that n8n can never verify.
import process from 'node:process';

if (process.env.RELEASE_MODE !== 'true' || process.env.GITHUB_ACTIONS !== 'true') {
	process.stderr.write(
		'n8n-nodes-screenrec is published only by the "Publish n8n package" GitHub workflow, with npm provenance: ' +
			'push the tag n8n-nodes-screenrec@<version> (see docs/maintaining.md, "Releasing", in the package).\n',
	);
	process.exit(1);
}

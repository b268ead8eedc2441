// `npm run build:host`: the browser host, built as it runs (scripts/host-bundle.ts) into dist/host.
// `--analyze` prints what is inside the host's bundle, largest first.
import { analyzeMetafile } from 'esbuild';
import { buildHost } from './host-bundle';

const { metafile } = await buildHost({
  entry: 'main/host/cli.ts',
  bootEntry: 'main/host/boot.ts',
  outdir: 'dist/host',
  name: 'host',
});
if (process.argv.includes('--analyze')) console.log(await analyzeMetafile(metafile));

// CPU profiles of the product while one scenario's requests run: node --cpu-prof on a copy of the
// product started for that scenario alone, and only the samples taken while the load ran are counted
// (the profile's timestamps and process.hrtime share the system's monotonic clock), so start-up and
// idle time before the load do not show.
import fs from 'node:fs';
import path from 'node:path';
import { root, tmp } from './product.mjs';

const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A profile's directory and the node flags that write it there at exit. */
export function profilerFlags(slug) {
  const dir = path.join(tmp, 'profiles', slug);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return { dir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
}

/** Runs `load`, answering the window it ran in (microseconds on the monotonic clock). */
export async function timedWindow(load) {
  const from = nowMicros();
  await load();
  return { from, to: nowMicros() };
}

/** Where a frame lives: `pkg` for a dependency, the path under the repository for product code, else the URL. */
function placeOf(url) {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  if (inModules) return `${inModules[1]}/${inModules[2]}`;
  return file.startsWith(root) ? path.relative(root, file) : file;
}

function ownerOf(url) {
  if (!url) return '(V8 and native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'Node.js core';
  if (url.includes('/server/dist/')) return 'product code (server/)';
  return placeOf(url);
}

/**
 * Self time of a profile's samples within `window`: by frame (with the nearest caller that is
 * JavaScript, which says whose work a native frame such as `writev` is), and by owner (package, Node
 * core, product code; a native frame counts for the owner of that caller).
 */
export function summarizeProfile(dir, window, top = 12) {
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile written in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const describe = ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'}${url ? ` ${placeOf(url)}:${lineNumber + 1}` : ''}`;
  /** The nearest frame above `id` outside Node's own internals and native code, if any. */
  const caller = (id) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const { url } = nodes.get(at).callFrame;
      if (url && !url.startsWith('node:')) return nodes.get(at).callFrame;
    }
    return null;
  };
  const frames = new Map();
  const owners = new Map();
  let at = profile.startTime;
  let busy = 0;
  let counted = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < window.from || at > window.to) return;
    counted += 1;
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') return;
    busy += 1;
    const special = ['(garbage collector)', '(program)'].includes(frame.functionName);
    const from = special || (frame.url && !frame.url.startsWith('node:')) ? null : caller(id);
    const name = from ? `${describe(frame)} ← ${describe(from)}` : describe(frame);
    frames.set(name, (frames.get(name) ?? 0) + 1);
    const owner = special ? frame.functionName : ownerOf(from?.url ?? frame.url);
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
  });
  if (busy === 0) throw new Error(`the profile in ${dir} has no busy samples in the load's window`);
  const ranked = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, samples]) => ({ name, share: samples / busy }));
  fs.rmSync(dir, { recursive: true, force: true });
  return { samples: counted, busyShare: busy / counted, frames: ranked(frames), owners: ranked(owners) };
}

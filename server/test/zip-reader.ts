import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** The worker's code, plain JavaScript since it runs outside the test runner's TypeScript transform. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { zip, port, done, yauzlPath } = workerData;
let finished = false;
function finish(message) {
  if (finished) return;
  finished = true;
  port.postMessage(message);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
}
const fail = (err) => finish({ error: String((err && err.message) || err) });
process.on('uncaughtException', fail);
try {
  const yauzl = require(yauzlPath);
  const entries = [];
  yauzl.fromBuffer(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), { lazyEntries: true }, (err, zipfile) => {
    if (err) return fail(err);
    zipfile.on('error', fail);
    zipfile.on('end', () => finish({ entries }));
    zipfile.on('entry', (entry) => {
      zipfile.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        const chunks = [];
        stream.on('error', fail);
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          entries.push([entry.fileName, Buffer.concat(chunks)]);
          zipfile.readEntry();
        });
      });
    });
    zipfile.readEntry();
  });
} catch (err) {
  fail(err);
}
`;

const yauzlPath = createRequire(import.meta.url).resolve('yauzl');

/**
 * The entries of a zip file by name, read with yauzl (which checks the central directory and each entry's sizes):
 * enough for tests to look inside the zips the server makes.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  // yauzl only reads asynchronously: it runs in a worker while this thread waits, so callers keep a synchronous call.
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { zip, port: port2, done, yauzlPath }, transferList: [port2] });
  try {
    if (Atomics.wait(done, 0, 0, 60_000) === 'timed-out') throw new Error('Reading the zip timed out');
    const reply = receiveMessageOnPort(port1)?.message as { error?: string; entries?: [string, Uint8Array][] } | undefined;
    if (!reply?.entries) throw new Error(`Not a readable zip file: ${reply?.error ?? 'no answer from the reader'}`);
    return new Map(reply.entries.map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
  } finally {
    port1.close();
    void worker.terminate();
  }
}

import { ApiRequestError, getJson } from './api.js';
import { code, details, fragment, h, heading, link } from './dom.js';
import { errorPanel } from './errorPanel.js';
import { toHex, toText } from './hex.js';
import { toHash } from './router.js';
import { sha256 } from './sha256.js';
import type { ViewContext } from './view.js';

type Timestamp = {
  timestampId: string;
  timestampedBy: string;
  blockNumber: number;
  timestamp: string;
  data: string;
  transactionHash: string | null;
};

/**
 * Check a file: it is hashed here (SHA-256, never uploaded) and its timestamp looked up by hash:
 * the Timestamp registry keys a timestamp by the SHA-256 of the hash value.
 */
export async function checkFileView({ signal }: ViewContext): Promise<Node> {
  const input = h('input', { id: 'file', name: 'file', type: 'file' });
  const result = h('div', { id: 'check-result', role: 'status', 'aria-live': 'polite' });
  const zone = h(
    'div',
    { class: 'drop-zone', id: 'drop-zone' },
    h('p', {}, 'Drop a file here, or choose one.'),
    h('label', { for: 'file' }, 'File'),
    input,
    h('p', { class: 'muted' }, 'The file is hashed in this browser (SHA-256); it is never sent.'),
  );
  const start = (file: File | undefined) => {
    if (file !== undefined) void check(file, result, signal);
  };
  input.addEventListener('change', () => start(input.files?.[0]));
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    start(event.dataTransfer?.files[0]);
  });
  return fragment(heading('Check a file'), zone, result);
}

async function check(file: File, result: HTMLElement, signal: AbortSignal): Promise<void> {
  result.replaceChildren(h('p', {}, `Hashing ${file.name}…`));
  const hashValue = await digest(new Uint8Array(await file.arrayBuffer()));
  const timestampId = await digest(hashValue);
  const hashRow = ['SHA-256', code(`0x${toHex(hashValue)}`)] as const;
  try {
    const stamp = await getJson<Timestamp>(`/v1/timestamp/timestamps/0x${toHex(timestampId)}`, {
      signal,
    });
    result.replaceChildren(
      h('p', { class: 'verdict ok' }, h('strong', {}, 'Timestamped'), ` on ${stamp.timestamp}`),
      details([
        ['File', file.name],
        hashRow,
        ['Block', String(stamp.blockNumber)],
        ['By', code(stamp.timestampedBy)],
        ['Transaction', stamp.transactionHash ? code(stamp.transactionHash) : null],
        ['Data', toText(stamp.data) ?? code(stamp.data)],
        [
          'Timestamp',
          link(toHash(['browse', 'timestamp', 'timestamps', stamp.timestampId]), stamp.timestampId),
        ],
      ]),
    );
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof ApiRequestError && error.status === 404) {
      result.replaceChildren(
        h(
          'p',
          { class: 'verdict warn' },
          h('strong', {}, 'Not timestamped'),
          ': no timestamp holds this file’s SHA-256.',
        ),
        details([['File', file.name], hashRow]),
      );
      return;
    }
    result.replaceChildren(errorPanel(error, 'h2'));
  }
}

/** SHA-256 with Web Crypto where the page is a secure context, else in plain TypeScript. */
async function digest(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (globalThis.crypto?.subtle === undefined) return sha256(data);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

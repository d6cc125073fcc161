import type { Hex } from 'viem';
import { toAccountDid } from './accounts.js';

/** `ITrackAndTrace.AccessType`, by value, as the API names it. */
export const PERMISSIONS = ['delegate', 'write', 'creator'] as const;
/** `ITrackAndTrace.TimestampSource`, by value, as the API names it. */
export const TIMESTAMP_SOURCES = ['block', 'external'] as const;

export type Permission = (typeof PERMISSIONS)[number];
export type TimestampSource = (typeof TIMESTAMP_SOURCES)[number];

/** `ITrackAndTrace.Timestamp`. */
type TimestampStruct = { timestamp: bigint; source: number; proof: Hex };

/** The timestamp of a document or an event, as the API returns it. */
export type TimestampRecord = {
  /** ISO 8601 of the timestamp's seconds. */
  datetime: string;
  source: TimestampSource;
  /** The block number as 32 bytes (`block`), or the caller's proof (`external`). */
  proof: Hex;
};

export type DocumentRecord = {
  metadata: string;
  timestamp: TimestampRecord;
  creator: string;
  /** Only in the deprecated shape (SPEC.md §9.6). */
  events?: Hex[];
};

export type EventRecord = {
  externalHash: string;
  hash: Hex;
  metadata: string;
  origin: string;
  sender: string;
  timestamp: TimestampRecord;
};

export type AccessRecord = {
  subject: string;
  permission: Permission;
  documentId: Hex;
  grantedBy: string;
};

/** The largest number of seconds a JavaScript `Date` holds (8.64e15 ms, year 275760). */
const MAX_DATE_SECONDS = 8_640_000_000_000n;

/**
 * ISO 8601 of a number of seconds since the epoch, as `Date#toISOString` writes it. External
 * timestamps are any non-zero `uint256`, so beyond the `Date` range the civil date is computed
 * with integers (H. Hinnant's `civil_from_days`) and written as an expanded year: a stored value
 * never makes a read fail.
 */
export function toIsoDatetime(seconds: bigint): string {
  if (seconds <= MAX_DATE_SECONDS) return new Date(Number(seconds) * 1000).toISOString();
  const rest = seconds % 86_400n;
  const z = seconds / 86_400n + 719_468n;
  const era = z / 146_097n;
  const doe = z - era * 146_097n;
  const yoe = (doe - doe / 1_460n + doe / 36_524n - doe / 146_096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const day = doy - (153n * mp + 2n) / 5n + 1n;
  const month = mp < 10n ? mp + 3n : mp - 9n;
  const year = yoe + era * 400n + (month <= 2n ? 1n : 0n);
  const two = (n: bigint) => n.toString().padStart(2, '0');
  const time = `${two(rest / 3_600n)}:${two((rest % 3_600n) / 60n)}:${two(rest % 60n)}`;
  return `+${year.toString().padStart(6, '0')}-${two(month)}-${two(day)}T${time}.000Z`;
}

/** The API view of a contract timestamp. */
export function toTimestampRecord(timestamp: TimestampStruct): TimestampRecord {
  return {
    datetime: toIsoDatetime(timestamp.timestamp),
    source: TIMESTAMP_SOURCES[timestamp.source] ?? 'external',
    proof: timestamp.proof,
  };
}

/**
 * The API view of a document; `events` only when given (the deprecated shape).
 * - Spec: SPEC.md §2.10, §9.6
 */
export function toDocumentRecord(
  document: { metadata: string; timestamp: TimestampStruct; creator: string },
  events?: Hex[],
): DocumentRecord {
  const record: DocumentRecord = {
    metadata: document.metadata,
    timestamp: toTimestampRecord(document.timestamp),
    creator: document.creator,
  };
  if (events) record.events = events;
  return record;
}

/** The API view of an event: its id is `hash`, its sender account a DID. */
export function toEventRecord(event: {
  eventId: Hex;
  externalHash: string;
  sender: Hex;
  senderType: number;
  origin: string;
  metadata: string;
  timestamp: TimestampStruct;
}): EventRecord {
  return {
    externalHash: event.externalHash,
    hash: event.eventId,
    metadata: event.metadata,
    origin: event.origin,
    sender: toAccountDid(event.sender, event.senderType),
    timestamp: toTimestampRecord(event.timestamp),
  };
}

/**
 * The API view of an access: accounts become DIDs.
 * @throws {TypeError} for a permission the API does not know (an upgraded contract).
 */
export function toAccessRecord(access: {
  documentHash: Hex;
  subject: Hex;
  subjectType: number;
  permission: number;
  grantedBy: Hex;
  grantedByType: number;
}): AccessRecord {
  const permission = PERMISSIONS[access.permission];
  if (permission === undefined) throw new TypeError(`Unknown permission ${access.permission}`);
  return {
    subject: toAccountDid(access.subject, access.subjectType),
    permission,
    documentId: access.documentHash,
    grantedBy: toAccountDid(access.grantedBy, access.grantedByType),
  };
}

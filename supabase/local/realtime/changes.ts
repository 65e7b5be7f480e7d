import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';
import pg from 'pg';

/**
 * Row changes from Postgres itself: a logical replication stream (pgoutput,
 * built into Postgres) of the tables in publication `supabase_realtime`, read
 * with pg-logical-replication. The slot is made on start and dropped on stop;
 * one left by a stack that did not stop cleanly is dropped first.
 */
export interface RowChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  /** ISO 8601, the transaction's commit time. */
  commitTimestamp: string;
  /** The transaction's id (32 bits, as pgoutput sends it). */
  xid: number;
  /** `type` as Realtime reports it (pg_type.typname); `sqlType` for casts (format_type, schema-qualified where needed). */
  columns: { name: string; type: string; sqlType: string }[];
  primaryKey: string[];
  /** Values as the replication stream carries them: Postgres's text form (null for SQL null). */
  record: Record<string, string | null> | null;
  oldRecord: Record<string, string | null> | null;
}

export interface ChangeStream {
  stop(): Promise<void>;
  /** Settles, with why, when the replication stream ends unasked (Postgres went away): Realtime then restarts (decision 090). */
  ended: Promise<string>;
}

export async function startChangeStream(
  dbUrl: string,
  slotName: string,
  onChange: (change: RowChange) => void,
  log: (message: string) => void,
): Promise<ChangeStream> {
  const admin = new pg.Client({ connectionString: dbUrl });
  // Postgres going away must end the stream, not the whole stack's process.
  admin.on('error', (error) => log(`realtime: database connection failed: ${error.message}`));
  await admin.connect();
  const typeNames = new Map<number, { type: string; sqlType: string }>();
  const typeName = async (oid: number): Promise<{ type: string; sqlType: string }> => {
    let name = typeNames.get(oid);
    if (name === undefined) {
      const { rows } = await admin.query<{ type: string; sql_type: string }>(
        'select typname as type, pg_catalog.format_type(oid, null) as sql_type from pg_catalog.pg_type where oid = $1',
        [oid],
      );
      name = { type: rows[0]?.type ?? 'text', sqlType: rows[0]?.sql_type ?? 'text' };
      typeNames.set(oid, name);
    }
    return name;
  };
  try {
    await admin.query(
      'select pg_catalog.pg_drop_replication_slot(slot_name) from pg_catalog.pg_replication_slots where slot_name = $1 and not active',
      [slotName],
    );
    await admin.query("select pg_catalog.pg_create_logical_replication_slot($1, 'pgoutput')", [slotName]);
  } catch (error) {
    await admin.end();
    throw error;
  }

  // Values stay in their text form: the server turns them into JSON with each column's type.
  const asText = (columns: Pgoutput.RelationColumn[]) => {
    for (const c of columns) c.parser = (raw: unknown) => raw;
  };
  const service = new LogicalReplicationService(
    { connectionString: dbUrl, replication: 'database' } as pg.ClientConfig,
    { acknowledge: { auto: true, timeoutSeconds: 10 }, flowControl: { enabled: true } },
  );
  const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: ['supabase_realtime'] });
  let commitTime = new Date();
  let xid = 0;
  // Messages are handled one after another, in the stream's order: a type lookup
  // must not let a later change (or a later transaction's commit time) overtake.
  let chain = Promise.resolve();
  service.on('data', (_lsn: string, message: Pgoutput.Message) => {
    if (message.tag === 'relation') asText(message.columns);
    if (message.tag === 'begin') {
      commitTime = new Date(Number(BigInt(message.commitTime.toString()) / 1000n));
      xid = message.xid;
    }
    if (message.tag !== 'insert' && message.tag !== 'update' && message.tag !== 'delete') return;
    const committedAt = commitTime;
    const committedXid = xid;
    chain = chain
      .then(async () => {
        const relation = message.relation;
        // One after another: the lookups share one connection.
        const columns: RowChange['columns'] = [];
        for (const c of relation.columns) columns.push({ name: c.name, ...(typeNames.get(c.typeOid) ?? (await typeName(c.typeOid))) });
        const type = message.tag === 'insert' ? 'INSERT' : message.tag === 'update' ? 'UPDATE' : 'DELETE';
        onChange({
          type,
          schema: relation.schema,
          table: relation.name,
          commitTimestamp: committedAt.toISOString(),
          xid: committedXid,
          columns,
          primaryKey: relation.keyColumns,
          record: message.tag === 'delete' ? null : (message.new as Record<string, string | null>),
          oldRecord: message.tag === 'insert' ? null : ((message.old ?? message.key) as Record<string, string | null> | null),
        });
      })
      .catch((error: unknown) => log(`realtime: reading a change failed: ${(error as Error).message}`));
  });
  service.on('error', (error: Error) => log(`realtime: replication stream error: ${error.message}`));
  // subscribe() resolves only when the stream ends; it is running once 'start' fires.
  let stopping = false;
  let streamEnded!: (why: string) => void;
  const ended = new Promise<string>((resolve) => (streamEnded = resolve));
  const started = new Promise<void>((resolve, reject) => {
    service.once('start', () => resolve());
    service.subscribe(plugin, slotName).then(
      () => !stopping && streamEnded('its replication stream ended'),
      (error: unknown) => {
        reject(error as Error);
        if (!stopping) streamEnded(`its replication stream failed: ${(error as Error).message}`);
      },
    );
  });
  try {
    await started;
  } catch (error) {
    await admin.end();
    throw error;
  }

  return {
    ended,
    async stop() {
      stopping = true;
      await service.stop().catch(() => undefined);
      await admin
        .query('select pg_catalog.pg_drop_replication_slot(slot_name) from pg_catalog.pg_replication_slots where slot_name = $1', [slotName])
        .catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

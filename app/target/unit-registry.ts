// Every probed unit of a launched target (each Node process of its tree, each worker thread in them), as their
// probes report over the one side channel: who it is, its inspector, its samples. The Target keeps following its
// main process as before; this registry follows them all, for runs that watch more than one (app/engine/units-*.ts).
import { EventEmitter } from 'node:events';
import { withBlockedWindow } from '../contract/blocked-window.js';
import type { ProbeSample } from '../contract/metrics.js';
import { unitId, type UnitId, type UnitRole } from '../contract/units.js';
import type { ProbeChannel, ProbeConnection } from './probe-channel.js';
import type { ProbeHello } from './probe-protocol.js';

export interface LiveUnit {
  id: UnitId;
  pid: number;
  threadId: number;
  role: UnitRole;
  parentId?: UnitId;
  hello: ProbeHello;
  /** A process's inspector (127.0.0.1 only); worker threads are reached through their process's. */
  inspectorUrl?: string;
  samples: ProbeSample[];
  seenAt: number;
  goneAt?: number;
}

interface UnitRegistryEvents {
  unit: [LiveUnit];
  'unit-sample': [LiveUnit, ProbeSample];
  'unit-gone': [LiveUnit];
}

/** The probe's samples are kept per unit for the run's length: at 4 windows/s this cap is over two hours. */
const MAX_SAMPLES_PER_UNIT = 30_000;

export class UnitRegistry extends EventEmitter<UnitRegistryEvents> {
  private readonly byConnection = new Map<ProbeConnection, LiveUnit>();

  constructor(channel: ProbeChannel, private readonly isLoopbackInspector: (url: string) => boolean) {
    super();
    channel.on('hello', (conn) => this.onHello(conn));
    channel.on('message', (conn, msg) => {
      const unit = this.byConnection.get(conn);
      if (!unit) return;
      if (msg.type === 'inspector' && msg.url && this.isLoopbackInspector(msg.url)) {
        unit.inspectorUrl = msg.url;
        this.emit('unit', unit);
      } else if (msg.type === 'sample') {
        const sample = withBlockedWindow(msg.sample);
        if (unit.samples.length < MAX_SAMPLES_PER_UNIT) unit.samples.push(sample);
        this.emit('unit-sample', unit, sample);
      }
    });
    channel.on('disconnect', (conn) => {
      const unit = this.byConnection.get(conn);
      if (!unit) return;
      unit.goneAt = Date.now();
      this.emit('unit-gone', unit);
    });
  }

  /** Every unit that said hello, in order (those gone included). */
  get units(): LiveUnit[] {
    return [...this.byConnection.values()];
  }

  /** The processes (main threads) among them. */
  get processes(): LiveUnit[] {
    return this.units.filter((u) => u.threadId === 0);
  }

  find(id: UnitId): LiveUnit | undefined {
    return this.units.find((u) => u.id === id);
  }

  private onHello(conn: ProbeConnection): void {
    const hello = conn.hello;
    if (!hello) return;
    const threadId = hello.threadId ?? 0;
    const role: UnitRole = threadId > 0 ? 'worker-thread' : (hello.role ?? 'primary');
    const parentPid = threadId > 0 ? hello.pid : hello.ppid;
    const parent = this.processes.find((u) => u.pid === parentPid && u.goneAt === undefined);
    const unit: LiveUnit = {
      id: unitId(hello.pid, threadId),
      pid: hello.pid,
      threadId,
      role,
      ...(threadId > 0 ? { parentId: unitId(hello.pid) } : parent ? { parentId: parent.id } : {}),
      hello,
      samples: [],
      seenAt: Date.now(),
    };
    this.byConnection.set(conn, unit);
    this.emit('unit', unit);
  }
}

import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { closeStores, SqlDatabase } from '@trove/platform-database';
import { openMemoryInference, openMemoryStore } from './memory.adapters';
import { MEMORY_GRAPH_OPTIONS, MemoryGraphOptions, MemoryGraphWorker } from './graph/memory-graph.worker';
import { MemoryController } from './memory.controller';
import { MemorySettings } from './memory-settings';
import { MEMORY_SERVICE_OPTIONS, MemoryService, MemoryServiceOptions } from './memory.service';
import { MemoryInference } from './ports/memory-inference';
import { MemoryStore } from './ports/memory-store';

export interface MemoryModuleOptions {
  database: SqlDatabase;
  /** The domain's settings, mapped to its parts here and nowhere else. */
  settings: MemorySettings;
}

const OPTIONS = Symbol('MemoryModuleOptions');

/**
 * The memory domain: MemoryPatterns handlers over the memory store; chunks go to the search
 * service, and texts to the graph service, through the global TransportClient. At init it
 * migrates the `memory` schema and starts the expiry sweeper and the graph worker; at shutdown
 * it stops them.
 */
@Module({})
export class MemoryModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MemoryModule');
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    @Inject(OPTIONS) private readonly options: MemoryModuleOptions,
    private readonly store: MemoryStore,
    private readonly service: MemoryService,
    private readonly graph: MemoryGraphWorker,
  ) {}

  static forRoot(options: MemoryModuleOptions): DynamicModule {
    return {
      module: MemoryModule,
      controllers: [MemoryController],
      providers: [
        { provide: OPTIONS, useValue: options },
        {
          provide: MEMORY_SERVICE_OPTIONS,
          useValue: {
            alpha: options.settings.MEMORY_ALPHA,
            replyWeight: options.settings.MEMORY_REPLY_WEIGHT,
            speakerWeight: options.settings.MEMORY_SPEAKER_WEIGHT,
          } satisfies MemoryServiceOptions,
        },
        {
          provide: MEMORY_GRAPH_OPTIONS,
          useValue: {
            enabled: options.settings.MEMORY_GRAPH,
            intervalMs: options.settings.MEMORY_GRAPH_INTERVAL_MS,
            batch: options.settings.MEMORY_GRAPH_BATCH,
          } satisfies MemoryGraphOptions,
        },
        { provide: MemoryStore, useFactory: () => openMemoryStore(options.database) },
        { provide: MemoryInference, useFactory: () => openMemoryInference(options.settings) },
        MemoryService,
        MemoryGraphWorker,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    await this.store.migrate();
    this.sweeper = setInterval(() => void this.sweep(), this.options.settings.MEMORY_SWEEP_INTERVAL_MS);
    this.sweeper.unref();
    // Memories left pending by the last run go at the first tick, not at once: at init the
    // transport may not answer yet (the in-process server starts after the modules).
    this.graph.start();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.graph.stop();
    await closeStores(this.store);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      let erased: number;
      do erased = await this.service.sweepExpired(new Date());
      while (erased > 0);
    } catch (error: unknown) {
      // The next sweep tries again; expired memories are hidden from retrieval meanwhile.
      this.logger.warn(
        `expired-memory sweep failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.sweeping = false;
    }
  }
}

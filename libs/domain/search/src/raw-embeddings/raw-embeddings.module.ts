import {
  BeforeApplicationShutdown,
  DynamicModule,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { closeStores, migrateStores, SqlDatabase } from '@trove/platform-database';
import { RawBatchStore } from '../ports/raw-batch-store';
import { RawVectorStore } from '../ports/raw-vector-store';
import { VectorIndex } from '../ports/vector-index';
import { openRawBatchStore, openRawVectorStore, RawVectorStoreKind } from '../search.adapters';
import { RawEmbeddingsController } from './raw-embeddings.controller';
import { RawEmbeddingsService } from './raw-embeddings.service';

export interface RawEmbeddingsModuleOptions {
  /** The search service's database (schema `search_raw`). */
  database: SqlDatabase;
  /** The same VectorIndex the SearchModule was given (which also closes it); raw vectors use its `raw` space. */
  vectorIndex: VectorIndex;
  /**
   * Where batches' vectors are kept as uploaded: `fs` for one process with a data directory of
   * its own (standalone), `sql` on the shared database wherever several replicas may run
   * (search-service). See openRawVectorStore.
   */
  vectorStore: RawVectorStoreKind;
  /** The search domain's data directory (the one openSearchStores was given); `fs` keeps files here. */
  dataDir: string;
}

/**
 * Pre-computed embeddings, hosted by the search service beside SearchModule. Needs the global
 * TransportClient and PayloadStash (TransportModule). At init it migrates its stores (the batch
 * store creates `search_raw`); once the app is up it starts indexing, in the background, what is
 * owed and nobody holds (and keeps looking, for batches a dead replica left); before shutdown it
 * lets the running job finish, and at shutdown it closes its stores.
 */
@Module({})
export class RawEmbeddingsModule
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    private readonly batches: RawBatchStore,
    private readonly vectors: RawVectorStore,
    private readonly service: RawEmbeddingsService,
  ) {}

  static forRoot(options: RawEmbeddingsModuleOptions): DynamicModule {
    return {
      module: RawEmbeddingsModule,
      controllers: [RawEmbeddingsController],
      providers: [
        { provide: VectorIndex, useValue: options.vectorIndex },
        { provide: RawBatchStore, useFactory: () => openRawBatchStore(options.database) },
        { provide: RawVectorStore, useFactory: () => openRawVectorStore(options.vectorStore, options) },
        RawEmbeddingsService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    // The batch store first: with `sql` both stores share `search_raw`, which it creates.
    await migrateStores(this.batches, this.vectors);
  }

  onApplicationBootstrap(): void {
    this.service.startIndexing();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.service.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await closeStores(this.batches, this.vectors);
  }
}

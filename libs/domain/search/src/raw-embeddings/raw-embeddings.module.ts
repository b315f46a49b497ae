import {
  BeforeApplicationShutdown,
  DynamicModule,
  Module,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { SqlDatabase } from '@trove/platform-database';
import { VectorIndex } from '../ports/vector-index';
import { FsRawVectorStore } from './fs-raw-vector-store';
import { RawBatchStore } from './raw-batch-store';
import { RawEmbeddingsController } from './raw-embeddings.controller';
import { RawEmbeddingsService } from './raw-embeddings.service';
import { RawVectorStore } from './raw-vector-store';
import { SqlRawBatchStore } from './sql-raw-batch-store';

export interface RawEmbeddingsModuleOptions {
  /** The search service's database (schema `search_raw`). */
  database: SqlDatabase;
  /** The same VectorIndex the SearchModule was given (which also closes it); raw vectors use its `raw` space. */
  vectorIndex: VectorIndex;
  /** Where batches' vectors are kept as uploaded. */
  dataDir: string;
}

/**
 * Pre-computed embeddings, hosted by the search service beside SearchModule. Needs the global
 * TransportClient and PayloadStash (TransportModule). At init it migrates `search_raw`; once the
 * app is up it resumes the indexing owed; before shutdown it lets the running job finish.
 */
@Module({})
export class RawEmbeddingsModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly batches: RawBatchStore,
    private readonly service: RawEmbeddingsService,
  ) {}

  static forRoot(options: RawEmbeddingsModuleOptions): DynamicModule {
    return {
      module: RawEmbeddingsModule,
      controllers: [RawEmbeddingsController],
      providers: [
        { provide: VectorIndex, useValue: options.vectorIndex },
        { provide: RawBatchStore, useFactory: () => new SqlRawBatchStore(options.database) },
        { provide: RawVectorStore, useFactory: () => new FsRawVectorStore(options.dataDir) },
        RawEmbeddingsService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.batches instanceof SqlRawBatchStore) await this.batches.migrate();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.service.resume();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.service.close();
  }
}

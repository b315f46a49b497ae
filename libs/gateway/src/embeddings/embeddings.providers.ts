import { Provider, Type } from '@nestjs/common';
import { ProcessingController } from '../processing/processing.controller';
import { EmbeddingsJsonParser } from './embeddings-json.parser';
import { EmbeddingsController } from './embeddings.controller';

/** The routes of pre-computed embeddings and of processing status. */
export const embeddingsControllers: Type<unknown>[] = [EmbeddingsController, ProcessingController];

export const embeddingsProviders: Provider[] = [EmbeddingsJsonParser];

import { ProcessingErrorCode } from '@trove/contracts';

/** Content that cannot become text: the job ends `errored` with this code. */
export class ExtractionError extends Error {
  constructor(
    readonly code: ProcessingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

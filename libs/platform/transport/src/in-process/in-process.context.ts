import { BaseRpcContext } from '@nestjs/microservices';

/** The RPC context of a message delivered in-process: its pattern and headers. */
export class InProcessContext extends BaseRpcContext<[string, Record<string, string>]> {
  getPattern(): string {
    return this.args[0];
  }
  getHeaders(): Record<string, string> {
    return this.args[1];
  }
}

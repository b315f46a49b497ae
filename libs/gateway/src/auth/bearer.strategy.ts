import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Principal } from '@trove/contracts';
import { Strategy } from 'passport-http-bearer';
import { ApiKeyVerifier } from './api-key.verifier';

type StrategyRequest = Parameters<InstanceType<typeof Strategy>['authenticate']>[0];

/** `Authorization: Bearer <API key>` → the key's principal, or 401. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly verifier: ApiKeyVerifier) {
    super();
  }

  /**
   * The key is read from the Authorization header only. passport-http-bearer would also take
   * `access_token` from the query string or the body, where keys end up in access logs, proxies'
   * logs and browser history: the strategy sees the header and nothing else.
   */
  override authenticate(request: StrategyRequest, options?: object): void {
    const headerOnly = { headers: { authorization: request.headers?.authorization } };
    super.authenticate(headerOnly as unknown as StrategyRequest, options);
  }

  async validate(token: string): Promise<Principal> {
    const principal = await this.verifier.verify(token);
    if (!principal) throw new UnauthorizedException();
    return principal;
  }
}

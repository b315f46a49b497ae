/** DI token of GatewayModuleOptions (kept apart from the module to avoid an import cycle). */
export const GATEWAY_OPTIONS = Symbol('GatewayModuleOptions');

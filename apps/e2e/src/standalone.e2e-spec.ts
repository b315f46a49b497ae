import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');

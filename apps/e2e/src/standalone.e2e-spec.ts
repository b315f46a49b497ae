import { memoryAndSearchSuite } from './suites/memory-search.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');
memoryAndSearchSuite('standalone');

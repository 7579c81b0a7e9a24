import { describeList } from './shared';

describeList('Signing Request');

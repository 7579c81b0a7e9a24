import { describeDelete } from './shared';

describeDelete('Signing Request');

import { describeCreate } from './shared';

describeCreate('Signing Request');

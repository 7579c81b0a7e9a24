import { describeCreate } from './owners.twins';

describeCreate('Signing Request');

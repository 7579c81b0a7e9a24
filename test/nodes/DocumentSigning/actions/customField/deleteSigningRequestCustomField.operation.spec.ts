import { describeDelete } from './owners.twins';

describeDelete('Signing Request');

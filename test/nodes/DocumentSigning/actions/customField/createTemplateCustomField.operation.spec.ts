import { describeCreate } from './owners.twins';

describeCreate('Template');

import { describeResourceGroup } from '../../../kit/specs';

describeResourceGroup(__dirname, 'Documents');

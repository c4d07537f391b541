import { runLane } from './lanes';

runLane(3);

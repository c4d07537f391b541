import { runLane } from './lanes';

runLane(1);

import { runLane } from './lanes';

runLane(4);

import { runLane } from './lanes';

runLane(0);

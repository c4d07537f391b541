import { runLane } from './lanes';

runLane(2);

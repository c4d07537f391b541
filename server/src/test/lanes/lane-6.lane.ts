import { runLane } from './lanes';

runLane(5);

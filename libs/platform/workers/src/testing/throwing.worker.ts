// A worker for WorkerPool's spec whose script throws as it loads (a broken build, a bad import).
throw new Error('this worker script cannot load');

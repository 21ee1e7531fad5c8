"""Scale-out pieces (issue 16 §3, §5): the Dask executor, whole missions as picklable
jobs, and the mission lease in Redis. Everything here is optional: it needs the ``dist``
extra (``pip install 'scout[dist]'``) only when used."""
